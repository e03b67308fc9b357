import type { Locator } from '@playwright/test';

// Helpers of the rule editor's specs (rule-editor.spec.ts, rule-editor-whatif.spec.ts).

/** Puts `text` in a CodeMirror editor, replacing what it holds. */
export async function typeInEditor(editor: Locator, text: string) {
  const content = editor.locator('.cm-content');
  await content.click();
  await content.press('ControlOrMeta+a');
  await content.press('Delete');
  await content.fill(text);
}

/** The text a CodeMirror editor holds. */
export const editorText = (editor: Locator) => editor.locator('.cm-content').evaluate((node) => (node as HTMLElement & { cmView?: unknown }).innerText);
