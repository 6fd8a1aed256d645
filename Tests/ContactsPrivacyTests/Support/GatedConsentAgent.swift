import ContactsPrivacy
import Synchronization

/// A consent agent that holds its prompt open until the test answers, to observe callers waiting on it.
final class GatedConsentAgent: ConsentAgent {
    private let answers: AsyncStream<ConsentAnswer?>
    private let answerInput: AsyncStream<ConsentAnswer?>.Continuation
    private let prompts: AsyncStream<ConsentRequest>
    private let promptOutput: AsyncStream<ConsentRequest>.Continuation
    private let count = Mutex(0)

    init() {
        (answers, answerInput) = AsyncStream.makeStream()
        (prompts, promptOutput) = AsyncStream.makeStream()
    }

    /// How many prompts were shown.
    var promptCount: Int { count.withLock { $0 } }

    /// Waits until a prompt is showing.
    func nextPrompt() async -> ConsentRequest? {
        var iterator = prompts.makeAsyncIterator()
        return await iterator.next()
    }

    /// Answers the prompt that is showing.
    func answer(_ answer: ConsentAnswer?) {
        answerInput.yield(answer)
    }

    func consent(to request: ConsentRequest, candidates: ContactCandidateSource) async -> ConsentAnswer? {
        count.withLock { $0 += 1 }
        promptOutput.yield(request)
        var iterator = answers.makeAsyncIterator()
        return await iterator.next() ?? nil
    }
}
