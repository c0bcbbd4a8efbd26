import { type ContentEncoding, type EncodedForms, encodedOnce, type KeptBody } from './gzip.ts';
import { toJson } from './json.ts';

/**
 * An answer kept as its JSON bytes and compressed forms (each made on first demand), for
 * negotiatedJson: a kept answer asked for again costs neither JSON.stringify nor compression.
 */
export class KeptJson implements KeptBody {
  private readonly body: Buffer;
  private readonly forms: EncodedForms = {};

  constructor(value: unknown) {
    this.body = Buffer.from(toJson(value));
  }

  get byteLength(): number {
    return this.body.length;
  }

  bytes(): Buffer {
    return this.body;
  }

  encoded(encoding: ContentEncoding): Promise<string> {
    return encodedOnce(this.forms, this.body, encoding);
  }
}
