import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// Checks that Python's standard library (`email.parser`) and, when installed, werkzeug's form parser read
/// what `MultipartForm` writes.
@Suite(.enabled(if: Python.executable != nil, "needs python3 on PATH"))
struct MultipartFormInteropTests {
    struct ParsedPart: Decodable, Equatable, CustomTestStringConvertible {
        var name: String?
        var filename: String?
        var type: String?
        var payload: Data

        init(name: String?, filename: String?, type: String?, payload: Data) {
            self.name = name
            self.filename = filename
            self.type = type
            self.payload = payload
        }

        var testDescription: String {
            "name: \(name ?? "-"), filename: \(filename ?? "-"), type: \(type ?? "-"), \(payload.count) bytes"
        }
    }

    struct Parsed: Decodable {
        let email: [ParsedPart]
        let werkzeug: [ParsedPart]?
    }

    @Test func pythonParsersReadEveryPart() async throws {
        let folder = try TemporaryDirectory()
        let fileBytes = sampleBytes(100_000, seed: 3) + Data("\r\n--\r\n".utf8)
        try fileBytes.write(to: folder.file("data.bin"))
        var form = MultipartForm()
        form.append(name: "title", value: "Holiday in \"Rome\"")
        form.append(
            name: "note\"s", data: Data("line 1\r\nline 2".utf8), filename: "notes\r\n.txt", contentType: "text/plain")
        try form.append(name: "file", fileURL: folder.file("data.bin"))
        let bodyFile = folder.file("body")
        try await form.makeBody().collect(upTo: 1_000_000).write(to: bodyFile)

        let parsed = try JSONDecoder().decode(
            Parsed.self, from: try Python.run(Self.parser, form.contentType, bodyFile.path))

        let expectedFiles = [
            ParsedPart(
                name: "note%22s", filename: "notes__.txt", type: "text/plain",
                payload: Data("line 1\r\nline 2".utf8)),
            ParsedPart(name: "file", filename: "data.bin", type: "application/octet-stream", payload: fileBytes),
        ]
        let title = ParsedPart(name: "title", filename: nil, type: nil, payload: Data("Holiday in \"Rome\"".utf8))
        // The email package takes the first `filename`: the ASCII fallback.
        #expect(parsed.email == [title] + expectedFiles)
        if let werkzeug = parsed.werkzeug {
            // werkzeug reads `%22` back as a quote, as it does for browsers' forms, and takes `filename*`.
            var unescaped = [title] + expectedFiles
            unescaped[1].name = "note\"s"
            unescaped[1].filename = "notes\r\n.txt"
            #expect(werkzeug == unescaped)
        }
    }

    /// Prints `{"email": [...], "werkzeug": [...]}` for the body in argv[2] with the Content-Type argv[1];
    /// werkzeug lists fields first, then files.
    static let parser = """
        import base64, io, json, sys
        from email import policy
        from email.parser import BytesParser

        content_type, path = sys.argv[1], sys.argv[2]
        data = open(path, "rb").read()

        def part(name, filename, type, payload):
            return {"name": name, "filename": filename, "type": type, "payload": base64.b64encode(payload).decode()}

        message = BytesParser(policy=policy.HTTP).parsebytes(
            b"Content-Type: " + content_type.encode() + b"\\r\\n\\r\\n" + data)
        assert message.is_multipart() and not message.defects, message.defects
        result = {"email": [
            part(p.get_param("name", header="content-disposition"), p.get_filename(), p.get("content-type"),
                 p.get_payload(decode=True))
            for p in message.iter_parts()]}
        try:
            from werkzeug.formparser import parse_form_data
        except ImportError:
            pass
        else:
            environ = {"wsgi.input": io.BytesIO(data), "CONTENT_TYPE": content_type,
                       "CONTENT_LENGTH": str(len(data)), "REQUEST_METHOD": "POST"}
            _, form, files = parse_form_data(environ)
            result["werkzeug"] = (
                [part(k, None, None, v.encode()) for k, v in form.items(multi=True)]
                + [part(k, f.filename, f.content_type, f.read()) for k, f in files.items(multi=True)])
        print(json.dumps(result))
        """
}

/// Finds and runs `python3` from `PATH`.
enum Python {
    struct Failed: Error, CustomStringConvertible {
        let status: Int32
        let output: String
        var description: String { "python3 exited with \(status): \(output)" }
    }

    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `script` with `arguments` and returns its standard output.
    static func run(_ script: String, _ arguments: String...) throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(status: process.terminationStatus, output: errorText) }
        return data
    }
}
