/** The <span> marks (see kept-attributes.ts): in prose and in a code listing, each around other formatting or not. */
export const SPANS = ['span', 'spanAround', 'spanAroundLinks', 'codeSpan', 'codeSpanAround'];

/** The marks a code listing holds. */
export const LISTING_SPANS = 'codeSpan codeSpanAround';
