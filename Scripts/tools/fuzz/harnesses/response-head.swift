// Target `response-head`: CurlInfrastructure's reader of libcurl's raw header lines (ResponseHeadParser).
// The input is split into lines at `\n`, as libcurl hands them over. Properties: no input stops the parser;
// every field it keeps has a visible name and a value without surrounding blanks or line breaks; CRLF and LF
// line endings give the same heads; and the last head, written out again, reads back as itself.

@testable import CurlInfrastructure

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let lines = FuzzInput(data, size).bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let withLF = heads(lines.map { Array($0) + [UInt8(ascii: "\n")] })
    let withCRLF = heads(lines.map { Array($0) + Array("\r\n".utf8) })
    check(withLF == withCRLF, "CRLF and LF gave different heads")
    for head in withLF {
        check((0...999).contains(head.statusCode), "status \(head.statusCode)")
        for field in head.fields {
            let name = Array(field.name.utf8)
            check(
                !name.isEmpty && name.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") },
                "bad name \(field.name.debugDescription)")
            check(!field.value.utf8.contains(UInt8(ascii: "\n")), "line break in \(field.value.debugDescription)")
            check(field.value.utf8.first.map(isBlank) != true, "leading blank in \(field.value.debugDescription)")
            check(field.value.utf8.last.map(isBlank) != true, "trailing blank in \(field.value.debugDescription)")
        }
    }
    if let last = withLF.last {
        let digits = String(last.statusCode)
        var text = "HTTP/1.1 \(String(repeating: "0", count: 3 - digits.count))\(digits) Reason\r\n"
        for field in last.fields { text += "\(field.name): \(field.value)\r\n" }
        let again = heads(
            text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) + [10] })
        check(again.last == last || last.fields.contains { $0.value.utf8.last == 13 }, "\(last) read back differently")
    }
    return 0
}

/// Every head that ended, fed line by line, and the one still open at the end (as if an empty line followed).
private func heads(_ lines: [[UInt8]]) -> [ResponseHead] {
    var parser = ResponseHeadParser()
    var heads: [ResponseHead] = []
    for line in lines + [Array("\r\n".utf8)] {
        if case .ended(let head) = parser.consume(line: line) { heads.append(head) }
    }
    return heads
}

private func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}
