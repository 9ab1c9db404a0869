/** A block of legal text: paragraphs, optionally followed by a bulleted list. */
export interface LegalBlock {
  heading?: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

/** Values the policies mention, taken from the runtime config. */
export interface LegalContext {
  productName: string;
  supportEmail: string;
}
