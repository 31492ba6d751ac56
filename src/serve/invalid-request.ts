/** A request edgecall refuses: `param` names the field at fault (OpenAI's error `param`). */
export class InvalidChatRequest extends Error {
  constructor(
    message: string,
    readonly param: string | null,
  ) {
    super(message);
    this.name = "InvalidChatRequest";
  }
}
