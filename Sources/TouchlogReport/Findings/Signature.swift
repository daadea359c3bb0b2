import TouchlogFormat

/// Stable signatures of findings: the same problem in another session, app version or device gets the same one.
///
/// A view's signature is its class plus its accessibility identifier, else its accessibility label, else its path
/// of classes from the window (identifiers included). Recorded ids never take part: recorders build them from
/// memory addresses, and anything that looks like an address (`0x` followed by hex digits) is masked too, so a
/// label such as `<Cell: 0x7fa3c0>` still groups.
public enum Signature {
    /// `rule|View1|View2…` for a finding.
    public static func of(ruleID: RuleID, views: [ViewRef]) -> String {
        ([ruleID.rawValue] + views.map(of(view:))).joined(separator: "|")
    }

    /// `UITextField#checkout.promoCode`, `UIButton"Sign In"`, or `UIWindow>UIView>UIImageView`.
    public static func of(view: ViewRef) -> String {
        let text: String
        if let identifier = view.accessibilityIdentifier, !identifier.isEmpty {
            text = "\(view.className)#\(identifier)"
        } else if let label = view.accessibilityLabel, !label.isEmpty {
            text = "\(view.className)\"\(label)\""
        } else if !view.path.isEmpty {
            text = view.path.map(\.description).joined(separator: ">")
        } else {
            text = view.className
        }
        return maskingAddresses(text)
    }

    /// Replaces `0x` + at least 4 hex digits with `0x…`.
    static func maskingAddresses(_ text: String) -> String {
        // Most signatures hold no address at all: every finding's is computed when it is grouped.
        guard text.utf8.contains(UInt8(ascii: "0")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "0", index + 1 < scalars.count, scalars[index + 1] == "x" || scalars[index + 1] == "X"
            {
                var end = index + 2
                while end < scalars.count, scalars[end].properties.isASCIIHexDigit { end += 1 }
                if end - (index + 2) >= 4 {
                    out.append(contentsOf: "0x…".unicodeScalars)
                    index = end
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// A short, stable fingerprint of a signature (FNV-1a, 64 bits, 16 hex digits): SARIF's partialFingerprints,
    /// HTML anchors. The same text gives the same fingerprint on every platform and run.
    public static func fingerprint(_ signature: String) -> String {
        StableHash.hex(StableHash.fnv1a64(signature.utf8))
    }
}
