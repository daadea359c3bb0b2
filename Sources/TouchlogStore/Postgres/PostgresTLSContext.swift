import Foundation
internal import NIOSSL
internal import PostgresNIO

/// libpq's `sslmode` as postgres-nio's TLS setting: which modes encrypt, which insist, and what they check of the
/// server's certificate (libpq's "SSL Support" chapter gives the meanings).
enum PostgresTLSContext {
    /// The TLS setting for a connection to `location` over TCP. Unix sockets never use TLS (libpq ignores
    /// `sslmode` for them), so the caller asks only for TCP. Throws ``StoreError/tlsFailed(location:reason:)``
    /// when a file named (or needed) is missing or unreadable.
    static func configuration(
        for location: PostgresLocation, home: String? = ProcessInfo.processInfo.environment["HOME"]
    ) throws -> PostgresConnection.Configuration.TLS {
        let tls = location.tls
        let folder = home.map { $0 + "/.postgresql/" }
        /// A file named in the settings, or libpq's default in ~/.postgresql when it exists there.
        func file(_ named: String?, default name: String) -> String? {
            if let named { return named }
            guard let folder, FileManager.default.isReadableFile(atPath: folder + name) else { return nil }
            return folder + name
        }
        let root = file(tls.rootCertificate, default: "root.crt")
        let verification: CertificateVerification
        switch tls.mode {
        case .disable:
            return .disable
        case .allow, .prefer:
            verification = .none
        case .require:
            // As libpq: a root certificate at hand makes `require` check the chain, as `verify-ca` does.
            verification = root == nil ? .none : .noHostnameVerification
        case .verifyCA, .verifyFull:
            guard root != nil else {
                throw StoreError.tlsFailed(
                    location: location.description,
                    reason:
                        "sslmode \(tls.mode.rawValue) checks the server's certificate, and there is no root certificate to check it against (no sslrootcert, and no ~/.postgresql/root.crt)"
                )
            }
            verification = tls.mode == .verifyFull ? .fullVerification : .noHostnameVerification
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = verification
        do {
            if let root, verification != .none {
                configuration.trustRoots = .certificates(try read(root) { try NIOSSLCertificate.fromPEMFile($0) })
            }
            if let certificate = file(tls.clientCertificate, default: "postgresql.crt"),
                let key = file(tls.clientKey, default: "postgresql.key")
            {
                configuration.certificateChain = try read(certificate) { try NIOSSLCertificate.fromPEMFile($0) }
                    .map { .certificate($0) }
                configuration.privateKey = .privateKey(try read(key) { try NIOSSLPrivateKey(file: $0, format: .pem) })
            }
            let context = try NIOSSLContext(configuration: configuration)
            switch tls.mode {
            case .allow, .prefer: return .prefer(context)
            case .require, .verifyCA, .verifyFull, .disable: return .require(context)
            }
        } catch let problem as FileProblem {
            throw StoreError.tlsFailed(location: location.description, reason: problem.reason)
        } catch {
            throw StoreError.tlsFailed(location: location.description, reason: "\(error)")
        }
    }

    /// Why the TLS handshake failed, in words, when `error` is a TLS failure: a certificate not signed by the root
    /// certificate, or one that does not name the host (verify-full). Nil for any other failure.
    static func handshakeFailure(_ error: any Error, location: PostgresLocation) -> String? {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return
                "the server's certificate does not name \(location.host), and sslmode=verify-full checks the name (connect by a name the certificate lists, or use verify-ca)"
        }
        guard case NIOSSLError.handshakeFailed(let failure)? = error as? NIOSSLError else { return nil }
        if "\(failure)".contains("CERTIFICATE_VERIFY_FAILED") {
            return "the server's certificate is not signed by the root certificate (sslrootcert)"
        }
        return "the TLS handshake failed (\(failure))"
    }

    /// Why a TLS file could not be used, naming it.
    private struct FileProblem: Error {
        var reason: String
    }

    /// `load(path)`, or a ``FileProblem`` that names the file and says whether it is missing or not PEM.
    private static func read<Value>(_ path: String, _ load: (String) throws -> Value) throws -> Value {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FileProblem(reason: "\"\(path)\" does not exist or cannot be read")
        }
        do {
            return try load(path)
        } catch {
            throw FileProblem(reason: "\"\(path)\" is not a PEM certificate or key (\(error))")
        }
    }
}
