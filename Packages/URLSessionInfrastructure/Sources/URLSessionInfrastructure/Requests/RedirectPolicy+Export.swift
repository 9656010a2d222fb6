// `URLSessionClient`'s initializers take a `RedirectPolicy`, the redirect rules every transport shares; re-exporting
// that one type lets callers name it with `import URLSessionInfrastructure` alone.
@_exported import enum HTTPClientSupport.RedirectPolicy
