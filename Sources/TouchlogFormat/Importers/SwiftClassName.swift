/// Readable names for the Swift classes dumps print in mangled form.
enum SwiftClassName {
    /// `_TtC5MyApp9LoginView` -> `MyApp.LoginView`, `_TtCC5MyApp5Outer5Inner` -> `MyApp.Outer.Inner`,
    /// `_TtCs12_SwiftObject` -> `Swift._SwiftObject`. These are the old-style runtime names ObjC APIs
    /// (`NSStringFromClass`, `-description`) give Swift classes. Generic (`_TtG…`), private (`P33_…`) and
    /// other forms return `nil`; callers keep the name as printed.
    static func demangle(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count > 4, ImportText.hasPrefix(bytes, "_Tt") else { return nil }
        var index = 3
        var nesting = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: "C") {
            nesting += 1
            index += 1
        }
        guard nesting > 0 else { return nil }
        var parts: [String] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "s") {
            parts.append("Swift")
            index += 1
        } else {
            guard let module = identifier(bytes, &index) else { return nil }
            parts.append(module)
        }
        for _ in 0..<nesting {
            guard let part = identifier(bytes, &index) else { return nil }
            parts.append(part)
        }
        guard index == bytes.count else { return nil }
        return parts.joined(separator: ".")
    }

    /// A length-prefixed identifier (`9LoginView`); the length is capped so no input can overflow it.
    private static func identifier(_ bytes: [UInt8], _ index: inout Int) -> String? {
        var length = 0
        var digits = 0
        while index < bytes.count, ImportText.isDigit(bytes[index]), digits < 6 {
            length = length * 10 + Int(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        guard digits > 0, length > 0, index + length <= bytes.count else { return nil }
        let part = bytes[index..<(index + length)]
        index += length
        return ImportText.string(part)
    }
}
