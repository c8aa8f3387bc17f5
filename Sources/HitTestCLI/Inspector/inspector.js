"use strict";
(async () => {
  const started = performance.now();
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("inspector-data").textContent);
  const W = data.width, H = data.height, S = data.scale, els = data.elements, N = els.length;
  const stats = { readyMs: 0, hoverCount: 0, hoverTotalMs: 0, hoverMaxMs: 0 };
  window.inspector = stats;

  // One plane: a PNG of 24-bit numbers, decoded by the browser, never colour-converted.
  async function plane(name) {
    const block = $("plane-" + name);
    if (!block) return null;
    const text = atob(block.textContent.trim());
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }),
      { premultiplyAlpha: "none", colorSpaceConversion: "none" });
    const canvas = document.createElement("canvas");
    canvas.width = W; canvas.height = H;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    const rgba = context.getImageData(0, 0, W, H).data;
    const values = new Uint32Array(W * H);
    for (let i = 0, j = 0; i < values.length; i++, j += 4) values[i] = (rgba[j] << 16) | (rgba[j + 1] << 8) | rgba[j + 2];
    return values;
  }
  async function planes(prefix) {
    const owner = await plane(prefix + "owner");
    return owner && { owner, column: await plane(prefix + "column"), row: await plane(prefix + "row") };
  }

  const maps = { exact: await planes(""), tolerance: await planes("tolerance-") };
  let current = maps.exact;

  // Colours as little-endian RGBA words, index 0 (nothing) transparent.
  const colours = new Uint32Array(N + 1);
  els.forEach((e, i) => {
    const v = parseInt(e.color.slice(1), 16);
    colours[i + 1] = (0xff << 24 | (v & 0xff) << 16 | (v & 0xff00) | (v >> 16)) >>> 0;
  });
  const depth = new Int32Array(N).fill(-1);
  function depthOf(i) {
    if (depth[i] < 0) depth[i] = els[i].parent < 0 ? 0 : depthOf(els[i].parent) + 1;
    return depth[i];
  }
  function path(i) {
    const ids = [];
    for (let e = i; e >= 0; e = els[e].parent) ids.push(els[e].id);
    return ids.reverse().join(" › ");
  }
  const format = (v) => String(Math.round(v * 10000) / 10000);
  const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  // The box of each element's pixels on the current map, for drawing its highlight quickly.
  let boxes;
  function measureBoxes() {
    boxes = new Int32Array(4 * (N + 1));
    for (let e = 0; e <= N; e++) { boxes[4 * e] = W; boxes[4 * e + 1] = H; boxes[4 * e + 2] = -1; boxes[4 * e + 3] = -1; }
    const owner = current.owner;
    for (let y = 0, i = 0; y < H; y++) {
      for (let x = 0; x < W; x++, i++) {
        const b = 4 * owner[i];
        if (x < boxes[b]) boxes[b] = x;
        if (y < boxes[b + 1]) boxes[b + 1] = y;
        if (x > boxes[b + 2]) boxes[b + 2] = x;
        if (y > boxes[b + 3]) boxes[b + 3] = y;
      }
    }
  }

  const mapCanvas = $("hit-map"), auditCanvas = $("audit-overlay"), highlightCanvas = $("highlight");
  function paintMap() {
    const context = mapCanvas.getContext("2d");
    const image = context.createImageData(W, H);
    const words = new Uint32Array(image.data.buffer);
    const owner = current.owner;
    for (let i = 0; i < words.length; i++) words[i] = colours[owner[i]];
    context.putImageData(image, 0, 0);
  }
  function paintAudit() {
    const context = auditCanvas.getContext("2d");
    const image = context.createImageData(W, H);
    const words = new Uint32Array(image.data.buffer);
    const failing = new Uint8Array(N + 1);
    els.forEach((e, i) => { if (e.audit && !e.audit.pass) failing[i + 1] = 1; });
    const owner = current.owner;
    for (let y = 0, i = 0; y < H; y++) {
      for (let x = 0; x < W; x++, i++) {
        if (!failing[owner[i]]) continue;
        const stripe = (x + y) & 7;
        if (stripe < 2) words[i] = 0xdd000000; else if (stripe === 4) words[i] = 0xbbffffff;
      }
    }
    context.putImageData(image, 0, 0);
  }

  // The highlight: everything but the element's own pixels dimmed, its frame outlined.
  let selected = -1;
  function highlight(e) {
    const context = highlightCanvas.getContext("2d");
    context.clearRect(0, 0, W, H);
    highlightCanvas.dataset.element = e < 0 ? "" : els[e].id;
    highlightCanvas.dataset.tapPoint = "";
    if (e < 0) return;
    context.fillStyle = "rgba(0, 0, 0, 0.55)";
    context.fillRect(0, 0, W, H);
    const b = 4 * (e + 1), x0 = boxes[b], y0 = boxes[b + 1], x1 = boxes[b + 2], y1 = boxes[b + 3];
    if (x1 >= x0) {
      const image = context.getImageData(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
      const owner = current.owner;
      for (let y = y0, k = 3; y <= y1; y++) {
        for (let x = x0; x <= x1; x++, k += 4) if (owner[y * W + x] === e + 1) image.data[k] = 0;
      }
      context.putImageData(image, x0, y0);
    }
    const f = els[e].frame;
    context.beginPath();
    context.moveTo(f[0] * S, f[1] * S);
    for (let k = 2; k < 8; k += 2) context.lineTo(f[k] * S, f[k + 1] * S);
    context.closePath();
    context.lineWidth = 2;
    context.setLineDash([]);
    context.strokeStyle = "#fff";
    context.stroke();
    context.setLineDash([5, 4]);
    context.strokeStyle = "#000";
    context.stroke();
    markTapPoint(context, els[e].audit && els[e].audit.tapPoint);
  }

  // The tap point (where a tap surely selects the element): a ringed dot, its centre at the point.
  function markTapPoint(context, point) {
    highlightCanvas.dataset.tapPoint = point ? point.join(",") : "";
    if (!point) return;
    const x = point[0] * S, y = point[1] * S;
    context.setLineDash([]);
    for (const [width, colour] of [[4, "#000"], [2, "#fff"]]) {
      context.beginPath();
      context.arc(x, y, 7, 0, 2 * Math.PI);
      context.lineWidth = width;
      context.strokeStyle = colour;
      context.stroke();
    }
    context.beginPath();
    context.arc(x, y, 2.5, 0, 2 * Math.PI);
    context.fillStyle = "#ff2d55";
    context.fill();
  }

  // The element list: one row per element in layout order, indented by depth.
  const list = $("element-list");
  let rows = "";
  els.forEach((e, i) => {
    const a = e.audit;
    const result = !a ? "not audited" : a.pass ? (a.bySpacing ? "pass by spacing" : "pass") : "FAIL: " + escape(a.reason);
    const figures = a ? `<td class="number">${Math.round(a.owned * 10) / 10}</td><td class="number">${Math.round(a.covered * 100)}%</td><td class="number">${format(a.largestSquare)}</td>` : "<td></td><td></td><td></td>";
    rows += `<tr data-index="${i}" class="${!a ? "skipped" : a.pass ? "pass" : "fail"}"><td style="padding-left: ${6 + 12 * depthOf(i)}px"><span class="swatch" style="background: ${e.color}"></span>${escape(e.id)}</td>${figures}<td class="result">${result}</td></tr>`;
  });
  list.innerHTML = rows;
  const rowOf = (e) => list.rows[e];
  let hoveredRow = -1;
  function markRow(e) {
    if (hoveredRow === e) return;
    if (hoveredRow >= 0) rowOf(hoveredRow).classList.remove("hovered");
    hoveredRow = e;
    if (e >= 0) rowOf(e).classList.add("hovered");
  }
  list.addEventListener("mouseover", (event) => {
    const row = event.target.closest("tr");
    if (row) highlight(+row.dataset.index);
  });
  list.addEventListener("mouseleave", () => highlight(selected));
  list.addEventListener("click", (event) => {
    const row = event.target.closest("tr");
    if (!row) return;
    const e = +row.dataset.index;
    if (selected >= 0) rowOf(selected).classList.remove("selected");
    selected = selected === e ? -1 : e;
    if (selected >= 0) {
      rowOf(selected).classList.add("selected");
      reveal(selected);
    }
    highlight(selected);
  });
  function reveal(e) {
    const f = els[e].frame, pane = $("map-pane");
    const xs = [f[0], f[2], f[4], f[6]].map((v) => v * S), ys = [f[1], f[3], f[5], f[7]].map((v) => v * S);
    const left = Math.min(...xs), top = Math.min(...ys);
    if (left < pane.scrollLeft || left > pane.scrollLeft + pane.clientWidth - 20 ||
        top < pane.scrollTop || top > pane.scrollTop + pane.clientHeight - 20) {
      pane.scrollTo(Math.max(0, left - 40), Math.max(0, top - 40));
    }
  }

  // The readout: the answer at the top-left corner of the CSS pixel under the pointer.
  const hoverId = $("hover-id"), hoverPath = $("hover-path"), hoverPoint = $("hover-point"), hoverPixel = $("hover-pixel");
  let lastX = -1, lastY = -1;
  function show(px, py) {
    lastX = px; lastY = py;
    if (px < 0 || py < 0 || px >= W || py >= H) {
      hoverId.textContent = "-";
      hoverPath.textContent = hoverPoint.textContent = hoverPixel.textContent = "";
      markRow(-1);
      return;
    }
    const i = py * W + px, owner = current.owner[i];
    hoverPoint.textContent = `at (${format(px / S)}, ${format(py / S)})`;
    if (owner === 0) {
      hoverId.textContent = "-";
      hoverPath.textContent = "";
      hoverPixel.textContent = "nothing here";
      markRow(-1);
      return;
    }
    const e = owner - 1, column = current.column[i], row = current.row[i];
    hoverId.textContent = els[e].id;
    hoverPath.textContent = "path " + path(e);
    if (column >> 8 === 0xffff) hoverPixel.textContent = `an image pixel past 65533, alpha ${column & 0xff}`;
    else if (column >> 8) hoverPixel.textContent = `pixel (${(column >> 8) - 1}, ${(row >> 8) - 1}), alpha ${column & 0xff}`;
    else if (row) hoverPixel.textContent = `by touch tolerance, ${(row / 100).toFixed(2)} pt from its region`;
    else hoverPixel.textContent = "its shape (no image)";
    markRow(e);
  }
  mapCanvas.addEventListener("pointermove", (event) => {
    const t = performance.now();
    const r = mapCanvas.getBoundingClientRect();
    show(Math.floor(event.clientX - r.left), Math.floor(event.clientY - r.top));
    const spent = performance.now() - t;
    stats.hoverCount++; stats.hoverTotalMs += spent; stats.hoverMaxMs = Math.max(stats.hoverMaxMs, spent);
  });
  mapCanvas.addEventListener("pointerleave", () => show(-1, -1));
  mapCanvas.addEventListener("click", () => {
    const e = lastX >= 0 ? current.owner[lastY * W + lastX] - 1 : -1;
    if (e >= 0) rowOf(e).scrollIntoView({ block: "nearest" });
  });

  $("toggle-audit").addEventListener("change", (event) => {
    auditCanvas.hidden = !event.target.checked;
    if (event.target.checked) paintAudit();
  });
  if (maps.tolerance) {
    $("tolerance-control").hidden = false;
    $("tolerance-control").lastChild.textContent = ` touch-tolerance map (${data.tolerance} pt)`;
    $("toggle-tolerance").addEventListener("change", (event) => {
      current = event.target.checked ? maps.tolerance : maps.exact;
      measureBoxes(); paintMap();
      if (!auditCanvas.hidden) paintAudit();
      highlight(selected);
      show(lastX, lastY);
    });
  }

  measureBoxes();
  paintMap();
  const audited = els.filter((e) => e.audit), failing = audited.filter((e) => !e.audit.pass).length;
  $("summary").textContent = `· ${N} elements · audit at ${data.audit.scale} px/pt, minimum ${data.audit.minSize} pt: ${failing} of ${audited.length} fail · map ${W}×${H} px at ${S} px/pt`;
  stats.readyMs = performance.now() - started;
  document.body.dataset.ready = "true";
})().catch((error) => {
  document.getElementById("summary").textContent = "could not load the page's data: " + error;
  document.body.dataset.ready = "error";
});
