import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';

/**
 * CodeMirror's light highlighting with its two colours below WCAG AA on white darkened (regular
 * expressions and escapes #e40 → #b83300, invalid #f00 → #d00000); the rest as it is.
 */
const DARKER: Record<string, string> = { '#e40': '#b83300', '#f00': '#d00000' };
export const lightHighlighting = syntaxHighlighting(
  HighlightStyle.define(defaultHighlightStyle.specs.map((spec) => (typeof spec.color === 'string' && DARKER[spec.color] ? { ...spec, color: DARKER[spec.color] } : spec))),
);

