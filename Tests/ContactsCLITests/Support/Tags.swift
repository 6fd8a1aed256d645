import Testing

extension Tag {
    /// Tests that start a real server process and talk to it over loopback.
    @Tag static var integration: Self
}
