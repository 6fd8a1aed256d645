/// A frame read straight into what it carries (a contact reply, a column batch, a batch of bare identifiers: see
/// ``ContactReplyFrame``, ``ColumnBatchFrame``, ``IdentifierBatchFrame``), with the request it answers.
package struct FrameReply<Value> {
    /// The id of the request it answers.
    package var id: UInt64
    /// What the frame carries, or the error reading it: the frame itself was whole, so the connection stays in step
    /// and only this reply's caller gets the error.
    package var value: Result<Value, WireError>

    package init(id: UInt64, value: Result<Value, WireError>) {
        self.id = id
        self.value = value
    }
}
