// A refusal in the player's words, with a code that says which refusal it is: the app's dispatch
// passes both on as they are (ipc/handlers.ts USER_ERRORS, by the subclass's name). Each subclass
// names itself (`override name = '...'`): a bundler may rename classes, never a string.
export class CodedError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string
  ) {
    super(message)
  }
}
