/// One JSON object, written field by field in the order given: how the command line and the C
/// interface write the objects they print, so that quoting, numbers (``JSONText``) and `null`
/// are written one way.
package struct JSONObjectWriter {
    private var text = "{"
    private var empty = true

    package init() {}

    private mutating func key(_ name: String) {
        if !empty { text += "," }
        empty = false
        text += JSONText.string(name)
        text += ":"
    }

    /// `"name":"value"`, or `null` for nil.
    package mutating func string(_ name: String, _ value: String?) {
        key(name)
        text += value.map(JSONText.string) ?? "null"
    }

    /// `"name":3.5` (``JSONText/number(_:)``), or `null` for nil.
    package mutating func number(_ name: String, _ value: Double?) {
        key(name)
        text += value.map(JSONText.number) ?? "null"
    }

    /// `"name":42`, or `null` for nil.
    package mutating func integer(_ name: String, _ value: Int?) {
        key(name)
        text += value.map { String($0) } ?? "null"
    }

    /// `"name":true`.
    package mutating func bool(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// `"name":[x,y]`, or `null` for nil.
    package mutating func pair(_ name: String, _ value: (Double, Double)?) {
        key(name)
        text += value.map { JSONText.pair($0.0, $0.1) } ?? "null"
    }

    /// `"name":[…]` of values already written as JSON (objects, strings, numbers).
    package mutating func array(_ name: String, _ elements: [String]) {
        key(name)
        text += "[" + elements.joined(separator: ",") + "]"
    }

    /// `"name":{…}` of an object already written as JSON, or `null` for nil.
    package mutating func object(_ name: String, _ json: String?) {
        key(name)
        text += json ?? "null"
    }

    /// `"name":["a","b"]`.
    package mutating func strings(_ name: String, _ elements: [String]) {
        array(name, elements.map(JSONText.string))
    }

    /// The fields of `other`, appended as this object's own (for objects that share a group of fields).
    package mutating func merge(_ other: JSONObjectWriter) {
        guard !other.empty else { return }
        if !empty { text += "," }
        empty = false
        text += other.text.dropFirst()
    }

    /// The object's text.
    package var json: String { text + "}" }
}
