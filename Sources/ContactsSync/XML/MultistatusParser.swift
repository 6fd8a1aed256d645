import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a `multistatus` body with the platform's streaming XML parser: one pass, no document tree.
///
/// Element names are matched by local name; WebDAV and CardDAV names do not collide in what is read here.
/// Properties count only from a `propstat` whose status is 2xx.
final class MultistatusParser: NSObject, XMLParserDelegate {
    private var result = Multistatus()
    private var stack: [String] = []
    private var text = ""
    private var capturing = false
    private var response = Multistatus.Response()
    private var properties = Multistatus.Properties()
    private var propstatStatus: Int?
    /// Whether a `valid-sync-token` precondition element was seen (an error body, RFC 6578 §3.2).
    private(set) var namesInvalidSyncToken = false
    /// Whether the parser reported an error it recovered from, and whether any element was seen.
    private var sawError = false
    private var sawElement = false
    /// Given each response as it ends instead of collecting them (``parse(_:eachResponse:)``).
    private var each: ((Multistatus.Response) throws -> Void)?
    /// What `each` threw: parsing stopped there, and the parse throws it.
    private var eachError: (any Error)?

    private static let capturedElements: Set<String> = [
        "href", "status", "getetag", "address-data", "displayname", "sync-token", "getctag",
    ]

    /// Parses a body.
    ///
    /// - Throws: ``SyncError/Code-swift.struct/malformedResponse`` when the body is not well-formed XML.
    static func parse(_ body: [UInt8]) throws -> Multistatus {
        let delegate = MultistatusParser()
        try delegate.run(body)
        return delegate.result
    }

    /// Parses a body, handing over each response as it ends rather than collecting them: a book's listing is
    /// then held once, in the caller's form, not also as the parser's list of every response.
    ///
    /// - Returns: What the body says besides its responses (the report's sync token).
    /// - Throws: ``SyncError/Code-swift.struct/malformedResponse`` when the body is not well-formed XML.
    /// - Throws: What `eachResponse` threw (the rest of the body is not read), or
    ///   ``SyncError/Code-swift.struct/malformedResponse`` when the body is not well-formed XML.
    static func parse(_ body: [UInt8], eachResponse: (Multistatus.Response) throws -> Void) throws -> Multistatus {
        try parse(eachResponse: eachResponse) { try $0.run(body) }
    }

    /// Parses a response's body, from its file when it was spooled (a listing): read a few kilobytes at a time,
    /// handing over each response as it ends, so the listing is never whole in memory.
    static func parse(_ response: DAVResponse, eachResponse: (Multistatus.Response) throws -> Void) throws
        -> Multistatus
    {
        guard let spooled = response.spooled else { return try parse(response.body, eachResponse: eachResponse) }
        return try parse(eachResponse: eachResponse) { delegate in
            guard let stream = InputStream(fileAtPath: spooled.path) else {
                throw SyncError(
                    .malformedResponse, "the server's answer could not be read back from its temporary file")
            }
            try delegate.run(stream)
        }
    }

    private static func parse(
        eachResponse: (Multistatus.Response) throws -> Void, running: (MultistatusParser) throws -> Void
    ) throws -> Multistatus {
        let delegate = MultistatusParser()
        try withoutActuallyEscaping(eachResponse) { each in
            delegate.each = each
            defer { delegate.each = nil }
            try running(delegate)
        }
        return delegate.result
    }

    /// Whether an error body names the `valid-sync-token` precondition: the token expired or is unknown.
    static func namesInvalidSyncToken(_ body: [UInt8]) -> Bool {
        let delegate = MultistatusParser()
        do {
            try delegate.run(body)
        } catch {
            return false
        }
        return delegate.namesInvalidSyncToken
    }

    private func run(_ body: [UInt8]) throws {
        try body.withUnsafeBytes { bytes in
            // The parser reads the body where it is: a copy of a listing's body was as large as the body.
            let data =
                bytes.baseAddress.map {
                    Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: bytes.count, deallocator: .none)
                } ?? Data()
            // Fed as a stream, so libxml2 gets the body in small chunks: given a whole body over 10,000,000 bytes at
            // once (a listing of about 57,000 cards from Radicale), it stops with an error (its lookup limit).
            try run(InputStream(data: data))
        }
    }

    private func run(_ stream: InputStream) throws {
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        let parsed = parser.parse()
        if let eachError { throw eachError }
        // swift-corelibs-foundation's XMLParser recovers from errors as libxml2 does and returns true for a
        // truncated or unbalanced body (a connection cut mid-answer): a reported error, no element at all, or
        // an element left open makes the body malformed too.
        guard parsed, parser.parserError == nil, !sawError, sawElement, stack.isEmpty else {
            throw SyncError(.malformedResponse, "the server's XML is not well-formed (line \(parser.lineNumber))")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let parent = stack.last
        stack.append(elementName)
        sawElement = true
        if Self.capturedElements.contains(elementName) {
            text = ""
            capturing = true
        }
        switch elementName {
        case "response":
            response = Multistatus.Response()
        case "propstat":
            properties = Multistatus.Properties()
            propstatStatus = nil
        case "address-data-type",
            "content-type" where parent == "supported-address-data":
            properties.addressDataVersions.append(attributes["version"] ?? "3.0")
        case "current-user-privilege-set":
            properties.privileges = properties.privileges ?? []
        case "valid-sync-token":
            namesInvalidSyncToken = true
        default:
            switch parent {
            case "resourcetype": properties.resourceTypes.insert(elementName)
            case "privilege": properties.privileges?.insert(elementName)
            case "report": properties.supportedReports.insert(elementName)
            default: break
            }
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        sawError = true
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturing { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if capturing { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName name: String?
    ) {
        if !stack.isEmpty { stack.removeLast() }
        let parent = stack.last
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch elementName {
        case "href":
            switch parent {
            case "response": response.href = value
            case "current-user-principal": properties.currentUserPrincipal = value
            case "addressbook-home-set": properties.addressBookHomeSet.append(value)
            default: break
            }
        case "status":
            if parent == "response" { response.status = Self.statusCode(value) }
            if parent == "propstat" { propstatStatus = Self.statusCode(value) }
        case "getetag": properties.etag = value
        // Card text is kept as sent: leading and trailing white space is not part of the vCard, but line
        // breaks inside are.
        case "address-data" where parent == "prop": properties.addressData = text
        case "displayname": properties.displayName = value
        case "getctag": properties.ctag = value
        case "sync-token":
            if parent == "multistatus" { result.syncToken = value } else { properties.syncToken = value }
        case "propstat":
            if let status = propstatStatus, (200..<300).contains(status) { merge(properties) }
        case "response":
            guard let each else {
                result.responses.append(response)
                break
            }
            guard eachError == nil else { break }
            do {
                try each(response)
            } catch {
                eachError = error
                parser.abortParsing()
            }
        default:
            break
        }
        if Self.capturedElements.contains(elementName) { capturing = false }
    }

    private func merge(_ found: Multistatus.Properties) {
        var target = response.properties
        target.etag = found.etag ?? target.etag
        target.addressData = found.addressData ?? target.addressData
        target.displayName = found.displayName ?? target.displayName
        target.resourceTypes.formUnion(found.resourceTypes)
        target.currentUserPrincipal = found.currentUserPrincipal ?? target.currentUserPrincipal
        target.addressBookHomeSet += found.addressBookHomeSet
        target.addressDataVersions += found.addressDataVersions
        if let privileges = found.privileges { target.privileges = (target.privileges ?? []).union(privileges) }
        target.supportedReports.formUnion(found.supportedReports)
        target.syncToken = found.syncToken ?? target.syncToken
        target.ctag = found.ctag ?? target.ctag
        response.properties = target
    }

    /// The code of an HTTP status line such as `HTTP/1.1 404 Not Found`.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}
