/// The inspector page's HTML, style and script. The script reads the JSON in `#inspector-data` and
/// the planes in `#plane-*` (see ``InspectorPlanes``), paints the map, and answers the pointer from
/// the planes alone: one array read per move, whatever the number of elements.
enum InspectorPageTemplate {
    static func page(title: String, width: Int, height: Int, scale: String, data: String, planes: String) -> String {
        #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>AlphaHit inspector: \#(title)</title>
        <style>
        \#(InspectorAssets.style)
        </style>
        </head>
        <body>
        <header>
        <div><strong>\#(title)</strong> <span id="summary">decoding…</span>
        <label><input type="checkbox" id="toggle-audit"> audit overlay (failing elements hatched)</label>
        <label id="tolerance-control" hidden><input type="checkbox" id="toggle-tolerance"> touch-tolerance map</label></div>
        <div id="readout"><span id="hover-id">-</span><span id="hover-path"></span><span id="hover-point"></span><span id="hover-pixel"></span></div>
        </header>
        <main>
        <div id="map-pane"><div id="map-stack" style="width: \#(width)px; height: \#(height)px">
        <canvas id="hit-map" data-scale="\#(scale)" width="\#(width)" height="\#(height)" style="width: \#(width)px; height: \#(height)px"></canvas>
        <canvas id="audit-overlay" class="overlay" width="\#(width)" height="\#(height)" hidden></canvas>
        <canvas id="highlight" class="overlay" width="\#(width)" height="\#(height)"></canvas>
        </div></div>
        <div id="list-pane"><table>
        <thead><tr><th>element</th><th>owned pt²</th><th>covered</th><th>square pt</th><th>audit</th></tr></thead>
        <tbody id="element-list"></tbody></table></div>
        </main>
        <script type="application/json" id="inspector-data">\#(data)</script>
        \#(planes)
        <script>
        \#(InspectorAssets.script)
        </script>
        </body>
        </html>

        """#
    }
}
