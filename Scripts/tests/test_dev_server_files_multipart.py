"""The dev server's incremental multipart parser, fed in pieces of every size."""

import random
import unittest

from dev_server.multipart_stream import MultipartError, MultipartParser, boundary_from, parse_parameters
from tests.files_api_support import multipart


def parse(body, boundary, step):
    """[(headers, content)] of each part, feeding `body` `step` bytes at a time."""
    parser, parts = MultipartParser(boundary), []
    for index in range(0, len(body), step):
        for event in parser.feed(body[index:index + step]):
            if event[0] == "part":
                parts.append((event[1], bytearray()))
            elif event[0] == "data":
                parts[-1][1].extend(event[1])
    return parts, parser.done


class MultipartParserTests(unittest.TestCase):
    def test_every_split_gives_the_same_parts(self):
        contents = [b"", b"\r\n", b"--b\r\n-", b"x" * 300]
        body, _ = multipart([("file", f"f{index}", data) for index, data in enumerate(contents)], boundary="b")
        body = b"preamble\r\n" + body + b"epilogue"
        for step in (1, 2, 3, 7, 64, len(body)):
            with self.subTest(step=step):
                parts, done = parse(body, "b", step)
                self.assertTrue(done)
                self.assertEqual([bytes(content) for _, content in parts], contents)
                self.assertEqual(parts[1][0]["content-disposition"], 'form-data; name="file"; filename="f1"')

    def test_random_contents_near_the_delimiter_survive_random_splits(self):
        generator = random.Random(30)
        for _ in range(200):
            contents = []
            while len(contents) < generator.randint(1, 4):
                content = bytes(generator.choice(b"\r\n-bx") for _ in range(generator.randint(0, 40)))
                if b"\r\n--b" not in content:
                    contents.append(content)
            body, _ = multipart([("file", str(index), data) for index, data in enumerate(contents)], boundary="b")
            step = generator.randint(1, len(body))
            with self.subTest(contents=contents, step=step):
                parts, done = parse(body, "b", step)
                self.assertTrue(done)
                self.assertEqual([bytes(content) for _, content in parts], contents)

    def test_a_part_without_headers_is_allowed(self):
        parts, done = parse(b"--b\r\n\r\nplain\r\n--b--", "b", 4)
        self.assertEqual((parts, done), ([({}, bytearray(b"plain"))], True))

    def test_a_body_without_closing_boundary_is_not_done(self):
        self.assertFalse(parse(b"--b\r\n\r\nplain\r\n--b\r\n", "b", 5)[1])

    def test_malformed_input_raises(self):
        for body in (b"--b\r\nno colon here\r\n\r\nx\r\n--b--", b"--b junk\r\n\r\n--b--",
                     b"--b\r\n" + b"X-Long: " + b"a" * 20000):
            with self.subTest(body=body[:30]), self.assertRaises(MultipartError):
                parse(body, "b", 1000)

    def test_boundary_from_content_type(self):
        self.assertEqual(boundary_from('multipart/form-data; boundary="a b"'), "a b")
        self.assertEqual(boundary_from("Multipart/Form-Data;boundary=xyz"), "xyz")
        too_long = "multipart/form-data; boundary=" + "x" * 71
        for value in (None, "text/plain; boundary=x", "multipart/form-data", too_long):
            with self.subTest(value), self.assertRaises(MultipartError):
                boundary_from(value)

    def test_parameters(self):
        self.assertEqual(parse_parameters('form-data; name="file"; filename="C:\\dir\\a;b.txt"'),
                         ("form-data", {"name": "file", "filename": "C:\\dir\\a;b.txt"}))
        self.assertEqual(parse_parameters("form-data; filename=plain; filename*=UTF-8''%E2%9C%93.txt")[1],
                         {"filename": "✓.txt"})
        with self.assertRaises(MultipartError):
            parse_parameters("form-data; filename*=latin-1''x")


if __name__ == "__main__":
    unittest.main()
