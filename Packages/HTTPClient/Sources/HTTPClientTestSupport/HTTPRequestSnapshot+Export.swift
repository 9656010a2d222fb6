// `ScriptedHTTPClient` hands tests `HTTPRequestSnapshot` values; re-exporting that one type lets a feature's tests
// compare them without importing the rest of HTTPClientSupport.
@_exported import struct HTTPClientSupport.HTTPRequestSnapshot
