// Target `html-text`: the HTML-to-text converter and the entity decoder of QuestionsFeature (HTMLText,
// HTMLTokenizer, HTMLEntities, PlainTextWriter), which read question bodies and titles from the network.
// Properties: conversion never crashes; no output line ends in a space or tab and no no-break space is left;
// text escaped once decodes back to itself; text with no markup, no whitespace and no `>` comes out as is;
// text with no `&` is left untouched by the decoder.

import Foundation

@testable import QuestionsFeature

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let plain = HTMLText.plainText(fromHTML: text)
    for line in plain.split(separator: "\n", omittingEmptySubsequences: false) {
        check(line.last != " " && line.last != "\t", "a line ends in whitespace: \(line.debugDescription)")
    }
    check(!plain.unicodeScalars.contains("\u{00A0}"), "a no-break space is left in \(plain.debugDescription)")

    let decoded = HTMLEntities.decode(text)
    if !text.contains("&") { check(decoded == text, "text without & changed: \(text.debugDescription)") }
    check(HTMLEntities.decode(escaped(text)) == text, "escaped text does not decode back: \(text.debugDescription)")

    let isPlainWord =
        !text.isEmpty
        && text.unicodeScalars.allSatisfy { scalar in
            scalar != "<" && scalar != ">" && scalar != "&" && !scalar.properties.isWhitespace
                && scalar.value >= 0x20 && scalar.value != 0x7F
        }
    if isPlainWord {
        check(plain == text, "plain text changed: \(text.debugDescription) -> \(plain.debugDescription)")
    }
    return 0
}

/// `text` as HTML text: the five characters HTML escapes, as references.
private func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
