/// "1 record", "2 records": a number with its noun, for every message the commands print.
public func counted(_ number: some BinaryInteger, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
