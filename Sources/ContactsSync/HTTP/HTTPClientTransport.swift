import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// The transport over async-http-client: TLS verified against the system's roots, or against the one
/// certificate the person pinned; no redirects followed here (``DAVClient`` follows them, keeping the method).
final class HTTPClientTransport: DAVTransport {
    private let client: HTTPClient
    /// The client for listings (``DAVRequest/listsBook``): async-http-client's read timeout belongs to a client,
    /// not a request, so a listing's longer wait for its first byte needs a client of its own.
    private let listingClient: HTTPClient
    private let requestTimeout: TimeAmount
    private let listingTimeout: TimeAmount
    /// Responses larger than this are refused: a batch of cards with photos stays far below it.
    private let maximumResponseSize: Int

    /// - Parameters:
    ///   - pinnedCertificate: A PEM certificate to trust instead of the system's authorities; the server must
    ///     present exactly it (its name is not checked: the pin is the identity).
    ///   - timeouts: Connect and per-request limits.
    init(pinnedCertificate: String?, timeouts: SyncTimeouts, maximumResponseSize: Int = 256 << 20) throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let pinnedCertificate {
            do {
                let certificates = try NIOSSLCertificate.fromPEMBytes(Array(pinnedCertificate.utf8))
                guard !certificates.isEmpty else {
                    throw SyncError(.certificateUntrusted, "the pinned certificate holds no certificate")
                }
                tls.trustRoots = .certificates(certificates)
                tls.certificateVerification = .noHostnameVerification
            } catch let error as SyncError {
                throw error
            } catch {
                throw SyncError(.certificateUntrusted, "the pinned certificate is not a PEM certificate")
            }
        }
        func configuration(read: Double) -> HTTPClient.Configuration {
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls,
                redirectConfiguration: .disallow,
                timeout: .init(connect: Self.amount(timeouts.connect), read: Self.amount(read)),
                ignoreUncleanSSLShutdown: false,
                decompression: .enabled(limit: .ratio(100))
            )
            configuration.httpVersion = .http1Only
            return configuration
        }
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(read: timeouts.read))
        listingClient = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: configuration(read: timeouts.listing))
        requestTimeout = Self.amount(timeouts.request)
        listingTimeout = Self.amount(timeouts.listing)
        self.maximumResponseSize = maximumResponseSize
    }

    func send(_ request: DAVRequest) async throws -> DAVResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .init(rawValue: request.method)
        outgoing.headers.add(name: "User-Agent", value: "swift-contacts/0.1 (CardDAV)")
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response =
                request.listsBook
                ? try await listingClient.execute(outgoing, timeout: listingTimeout)
                : try await client.execute(outgoing, timeout: requestTimeout)
            let status = Int(response.status.code)
            let headers = response.headers.map { (name: $0.name, value: $0.value) }
            if request.listsBook && (200..<300).contains(status) {
                // A listing grows with the book: it goes to a file as it arrives and is parsed from there.
                let spooled = try await SpooledBody.write(
                    response.body, limit: maximumResponseSize,
                    tooLarge: SyncError(
                        .responseTooLarge, "\(request.method): the response is larger than a sync accepts"))
                return DAVResponse(status: status, headers: headers, spooled: spooled)
            }
            // The body is gathered straight into the array the response keeps: collecting it into one buffer
            // first and copying that held a listing twice at its peak (17 MB each for 100,000 cards).
            var body: [UInt8] = []
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > 0 {
                body.reserveCapacity(min(length, maximumResponseSize))
            }
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= maximumResponseSize else {
                    throw SyncError(.responseTooLarge, "\(request.method): the response is larger than a sync accepts")
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
            return DAVResponse(status: status, headers: headers, body: body)
        } catch {
            throw Self.mapped(error, method: request.method)
        }
    }

    func shutdown() async {
        try? await client.shutdown()
        try? await listingClient.shutdown()
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .milliseconds(Int64(seconds * 1000))
    }

    /// The transport's errors as ``SyncError``s that name no URL.
    static func mapped(_ error: any Error, method: String) -> SyncError {
        if let error = error as? SyncError { return error }
        if let error = error as? HTTPClientError {
            if [.connectTimeout, .readTimeout, .deadlineExceeded, .writeTimeout].contains(error) {
                return SyncError(.timedOut, "\(method): the server did not answer in time")
            }
        }
        if error is NIOSSLError || error is BoringSSLError {
            return SyncError(
                .certificateUntrusted,
                "\(method): TLS failed; the server's certificate is not trusted (pin it to trust it)")
        }
        if error is NIOTooManyBytesError {
            return SyncError(.responseTooLarge, "\(method): the response is larger than a sync accepts")
        }
        return SyncError(.connectionFailed, "\(method): the connection failed (\(type(of: error)))")
    }
}
