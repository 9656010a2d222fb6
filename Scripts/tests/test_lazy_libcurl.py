"""Tests of Scripts/tools/release/lazy-libcurl.c, the stand-in for libcurl that Scripts/release links into the
static `networking` binary: it must define exactly the libcurl functions the toolchain's FoundationNetworking
and Packages/CurlInfrastructure call, and load libcurl.so.4 on first use, passing every argument through; and a
static program linked with CurlInfrastructure's system libraries the way Scripts/release links (through
Scripts/tools/release/lazy-libcurl-setup) must not name libcurl as NEEDED. Linux only (needs the toolchain's
clang and its static Foundation)."""

import ctypes.util
import os
import re
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE = ROOT / "Scripts" / "tools" / "release" / "lazy-libcurl.c"
SETUP = ROOT / "Scripts" / "tools" / "release" / "lazy-libcurl-setup"
SWIFT = shutil.which("swift")
TOOLCHAIN = Path(SWIFT).resolve().parent if SWIFT else None
CLANG = TOOLCHAIN / "clang" if TOOLCHAIN and (TOOLCHAIN / "clang").exists() else shutil.which("clang")
CURL_INTERFACE = (TOOLCHAIN.parent / "lib" / "swift_static" / "linux" / "lib_CFURLSessionInterface.a"
                  if TOOLCHAIN else None)
CURL_INFRASTRUCTURE = ROOT / "Packages" / "CurlInfrastructure" / "Sources"

# Calls the stand-in the way FoundationNetworking does, and reports whether libcurl was mapped before and after.
PROGRAM = r"""
#include <stdio.h>
#include <string.h>
void *curl_easy_init(void);
int curl_easy_setopt(void *handle, int option, ...);
int curl_easy_getinfo(void *handle, int info, ...);
void curl_easy_cleanup(void *handle);
char *curl_version(void);

static int libcurl_mapped(void) {
    char line[4096];
    int found = 0;
    FILE *maps = fopen("/proc/self/maps", "r");
    while (maps && fgets(line, sizeof line, maps)) found |= strstr(line, "libcurl") != NULL;
    if (maps) fclose(maps);
    return found;
}

int main(void) {
    printf("before %d\n", libcurl_mapped());
    void *handle = curl_easy_init();
    printf("after %d\n", libcurl_mapped());
    printf("long %d\n", curl_easy_setopt(handle, 41 /* CURLOPT_VERBOSE */, 0L));
    printf("pointer %d\n", curl_easy_setopt(handle, 10002 /* CURLOPT_URL */, "http://127.0.0.1:1/"));
    printf("off_t %d\n", curl_easy_setopt(handle, 30120 /* CURLOPT_POSTFIELDSIZE_LARGE */, (long long)5));
    long code = -1;
    printf("getinfo %d %ld\n", curl_easy_getinfo(handle, 0x200002 /* CURLINFO_RESPONSE_CODE */, &code), code);
    printf("unknown %d\n", curl_easy_setopt(handle, 9999, 0L) != 0);
    curl_easy_cleanup(handle);
    printf("version %s\n", strncmp(curl_version(), "libcurl/", 8) == 0 ? "libcurl" : curl_version());
    return 0;
}
"""


def compile_stand_in(directory):
    """Compiles the stand-in as the release script does and returns the object file."""
    target = Path(directory) / "lazy-libcurl.o"
    subprocess.run([str(CLANG), "-O2", "-fPIC", "-Wall", "-Wextra", "-Werror", "-c", str(SOURCE), "-o",
                    str(target)], check=True, capture_output=True, text=True)
    return target


def curl_infrastructure_calls():
    """The libcurl functions CurlInfrastructure's Swift sources and shim header call (its own helpers are
    `ccurl_`; `curl_…_t(` is a type conversion)."""
    names = set()
    for source in [*CURL_INFRASTRUCTURE.rglob("*.swift"), *CURL_INFRASTRUCTURE.rglob("*.h")]:
        names.update(re.findall(r"(?<![A-Za-z0-9_])(curl_[a-z_]+)\s*\(", source.read_text()))
    return {name for name in names if not name.endswith("_t")}


def symbols(path, kind):
    """The `curl_` symbols `nm` lists in `path` as undefined (kind "U") or defined text (kind "T")."""
    listing = subprocess.run(["nm", str(path)], check=True, capture_output=True, text=True).stdout
    return {fields[-1] for fields in (line.split() for line in listing.splitlines())
            if len(fields) >= 2 and fields[-2] == kind and fields[-1].startswith("curl_")}


@unittest.skipUnless(CLANG and shutil.which("nm"), "needs clang and nm")
class LazyLibcurlTests(unittest.TestCase):
    @unittest.skipUnless(CURL_INTERFACE and CURL_INTERFACE.exists(), "needs the toolchain's static Foundation")
    def test_defines_exactly_the_libcurl_functions_foundation_networking_and_curl_infrastructure_call(self):
        with tempfile.TemporaryDirectory() as directory:
            defined = symbols(compile_stand_in(directory), "T")
        self.assertIn("curl_multi_poll", curl_infrastructure_calls())
        self.assertEqual(symbols(CURL_INTERFACE, "U") | curl_infrastructure_calls(), defined)

    @unittest.skipUnless(ctypes.util.find_library("curl"), "needs libcurl.so.4 at run time")
    def test_loads_libcurl_on_first_use_and_passes_every_argument_through(self):
        with tempfile.TemporaryDirectory() as directory:
            stand_in = compile_stand_in(directory)
            program = Path(directory) / "program.c"
            program.write_text(PROGRAM)
            binary = Path(directory) / "program"
            subprocess.run([str(CLANG), str(program), str(stand_in), "-o", str(binary), "-ldl", "-lpthread"],
                           check=True, capture_output=True, text=True)
            output = subprocess.run([str(binary)], check=True, capture_output=True, text=True, timeout=30).stdout
        self.assertEqual(output.splitlines(), [
            "before 0", "after 1", "long 0", "pointer 0", "off_t 0", "getinfo 0 0", "unknown 1",
            "version libcurl"])


# A static program with CurlInfrastructure's system libraries (their module maps copied beside it) and
# FoundationNetworking, as the `networking` binary has them: reports whether libcurl is mapped before and after
# its first libcurl call.
PROBE_MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "LazyLinkProbe",
    targets: [
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .executableTarget(name: "probe", dependencies: ["CCurl", "CZlib"]),
    ]
)
"""
PROBE_MAIN = """import CCurl
import CZlib
import Foundation
import FoundationNetworking

func libcurlMapped() -> Bool {  // /proc files report no size, so read them to the end
    let maps = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd()
    return String(decoding: maps ?? Data(), as: UTF8.self).contains("libcurl")
}

print("before \\(libcurlMapped())")
_ = URLRequest(url: URL(fileURLWithPath: "/"))
let version = String(cString: curl_version())
print("after \\(libcurlMapped())")
print(version.hasPrefix("libcurl/") ? "libcurl" : version, String(cString: zlibVersion()).isEmpty ? "" : "zlib")
"""


def needed_libraries(binary):
    dynamic = subprocess.run(["readelf", "-d", str(binary)], check=True, capture_output=True, text=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)


@unittest.skipUnless(SWIFT and CLANG and shutil.which("readelf") and shutil.which("pkg-config")
                     and ctypes.util.find_library("curl"), "needs swift, clang, readelf, pkg-config and libcurl")
class LazyLinkTests(unittest.TestCase):
    def test_a_static_program_with_the_system_libraries_loads_libcurl_only_on_first_use(self):
        with tempfile.TemporaryDirectory() as directory:
            package = Path(directory) / "probe"
            stand_in = Path(directory) / "lazy-libcurl"
            subprocess.run([str(SETUP), str(stand_in)], check=True, capture_output=True, text=True)
            for module in ("CCurl", "CZlib"):
                shutil.copytree(CURL_INFRASTRUCTURE / module, package / "Sources" / module)
            (package / "Sources" / "probe").mkdir(parents=True)
            (package / "Sources" / "probe" / "main.swift").write_text(PROBE_MAIN)
            (package / "Package.swift").write_text(PROBE_MANIFEST)
            environment = {**os.environ, "PKG_CONFIG_PATH": f"{stand_in}:{os.environ.get('PKG_CONFIG_PATH', '')}"}
            build = subprocess.run(
                [SWIFT, "build", "--package-path", str(package), "--static-swift-stdlib",
                 "-Xlinker", "-L", "-Xlinker", str(stand_in)],
                env=environment, capture_output=True, text=True, timeout=600)
            self.assertEqual(build.returncode, 0, build.stdout[-3000:] + build.stderr[-3000:])
            binary = package / ".build" / "debug" / "probe"
            needed = needed_libraries(binary)
            output = subprocess.run([str(binary)], check=True, capture_output=True, text=True, timeout=60).stdout
        self.assertFalse([name for name in needed if "curl" in name], needed)
        self.assertIn("libz.so.1", needed)
        self.assertEqual(output.splitlines(), ["before false", "after true", "libcurl zlib"])


if __name__ == "__main__":
    unittest.main()
