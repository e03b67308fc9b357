import { expect, type Page } from '@playwright/test';

/**
 * Every table that is wider than its panel's content box, and not inside a scroll container
 * that is itself within the panel: what the user would see clipped.
 */
export function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main table')].flatMap((table) => {
      const panel = table.closest('.page-panel') ?? table.closest('main');
      if (panel === null) return [];
      const style = getComputedStyle(panel);
      const box = panel.getBoundingClientRect();
      const inner = { left: box.left + parseFloat(style.paddingLeft) - 1, right: box.right - parseFloat(style.paddingRight) + 1 };
      const rect = table.getBoundingClientRect();
      if (rect.left >= inner.left && rect.right <= inner.right) return [];
      let scroller = table.parentElement;
      while (scroller !== null && scroller !== panel && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const scrollerBox = scroller !== null && scroller !== panel ? scroller.getBoundingClientRect() : null;
      const scrolls = scrollerBox !== null && scrollerBox.left >= inner.left && scrollerBox.right <= inner.right;
      return scrolls ? [] : [`${(table as HTMLElement).dataset.testid ?? 'table'}: ${Math.round(rect.width)} px in ${Math.round(inner.right - inner.left)} px`];
    }),
  );
}

/** Table headers with a word broken across two lines ("Erro / re"): a header wraps between its words only. */
export function headersBrokenInsideAWord(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main th, .bp6-overlay th')].flatMap((header) => {
      if ((header as HTMLElement).offsetParent === null) return [];
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      const broken: string[] = [];
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`the header "${text.trim()}" breaks "${word[0]}" across ${lines.size} lines`);
        }
      }
      return broken;
    }),
  );
}

/**
 * What does not fit: tables that overflow their panel (overflowingTables), a page wider than the
 * window, table headers broken inside a word.
 */
export async function misfits(page: Page): Promise<string[]> {
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  return [
    ...(await overflowingTables(page)),
    ...(width.page > width.window ? [`the page is ${width.page} px wide in a ${width.window} px window`] : []),
    ...(await headersBrokenInsideAWord(page)),
  ];
}

/** The page's tables fit (or scroll inside their panel), and the page never scrolls sideways. */
export async function expectTablesFit(page: Page, where: string): Promise<void> {
  expect(await misfits(page), where).toEqual([]);
}

/** Action buttons of a table row that cannot be reached: none to scroll to, or covered by another cell. */
export async function unreachableActions(page: Page): Promise<string[]> {
  // A dialog or a drawer covers the page on purpose.
  if (await page.evaluate(() => document.body.classList.contains('bp6-overlay-open'))) return [];
  const action = page.locator('main td.data-table__actions button').first();
  if ((await action.count()) === 0) return [];
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  if (box === null) return ['an action button has no box'];
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button') !== null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  return hit ? [] : ['an action button is covered'];
}

/**
 * In right to left, what overlaps or keeps the left-to-right alignment: a button's icon over its
 * text, a field's icon over where its text starts, a table header aligned left.
 */
export function rightToLeftOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const intersect = (a: DOMRect, b: DOMRect) => a.width > 0 && b.width > 0 && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const found: string[] = [];
    // A button's icon and its text.
    for (const button of document.querySelectorAll('.bp6-button')) {
      const icon = button.querySelector(':scope > .bp6-icon');
      const text = button.querySelector(':scope > .bp6-button-text');
      if (icon && text && intersect(icon.getBoundingClientRect(), text.getBoundingClientRect())) found.push(`button ${text.textContent}`);
    }
    // A field's icon and where its text starts (the input's padding keeps them apart).
    for (const group of document.querySelectorAll('.bp6-input-group')) {
      const icon = group.querySelector(':scope > .bp6-icon, :scope > .bp6-input-left-container');
      const input = group.querySelector('input');
      if (!icon || !input) continue;
      const style = getComputedStyle(input);
      const box = input.getBoundingClientRect();
      const text = new DOMRect(box.left + parseFloat(style.paddingLeft), box.top, box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), box.height);
      if (intersect(icon.getBoundingClientRect(), text)) found.push(`field ${input.id}`);
    }
    // Table headers start at the start of their cells, as their rows do.
    for (const th of document.querySelectorAll('main th:not(.data-table__actions)')) {
      if (getComputedStyle(th).textAlign === 'left') found.push(`header ${th.textContent} aligned left`);
    }
    return found;
  });
}

/**
 * Data whose parts a right-to-left page must not reorder: each pattern's two groups are drawn in
 * this order from left to right. Matched on the text of each piece of a line that keeps its own
 * order (its paragraph — a block, a flex item, a cell — less what it isolates: a <bdi>, a <code>,
 * an .ltr-data, a dir="ltr"); an isolated piece is matched on its own. Two pieces are laid out
 * in the order of the page ("vm:1234" then "metriche su …"), but each keeps its own: the value
 * after a <code> key (": 24") must not read "24 :".
 */
export const LTR_DATA: readonly { name: string; pattern: RegExp }[] = [
  { name: 'date and time', pattern: /(\d{2}\/\d{2}\/\d{4}) (\d{2}:\d{2}(?::\d{2})?)/dg },
  { name: 'number and %', pattern: /(\d+(?:[.,]\d+)?) ?(%)/dg },
  // "2 / 2", "1–10 di 42"
  { name: 'count of a total', pattern: /(\d+) ?\/ ?(\d+)/dg },
  { name: 'range', pattern: /(\d+) ?– ?(\d+)/dg },
  { name: 'amount and currency', pattern: /(\d[\d.,]*) ?(€|EUR)/dg },
  { name: 'currency and amount', pattern: /(€|EUR) ?(\d[\d.,]*)/dg },
  // "durata_finanziamento: 24", "importo: 1000"
  { name: 'key: value', pattern: /([A-Za-z_][\w.-]*): ?("[^"]*"|[^\s,;]+)/dg },
  // ": 24" after a key in its own element
  { name: 'value after its key', pattern: /(?:^|[\s\uFFFC])([:=]) ?("[^"]*"|[^\s,;\uFFFC]+)/dg },
  // "24 mesi", "1.2 KB", "2 documenti"
  { name: 'number and its unit', pattern: /(\d[\d.,]*) ([A-Za-z_]\w*)/dg },
  // "S.p.A.", "rule.json", "lavoro:", "documento.", "1a2b3c4d…": a word keeps its final punctuation.
  { name: 'dotted name', pattern: /([A-Za-z]\w*)\.(\w+)/dg },
  { name: 'word and its final punctuation', pattern: /([A-Za-z0-9_])([.:;,!?…]+)(?=[\s\uFFFC]|$)/dg },
  { name: 'identifier', pattern: /([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-([0-9a-f]{12})/dgi },
];

/**
 * The data of the page (LTR_DATA) drawn out of order: each one's two parts measured where they
 * are on the screen; the first drawn to the right of the second is reordered. Hidden parts and
 * parts on two lines are not measured. Answers how many were measured and those reordered.
 */
export function reorderedData(page: Page): Promise<{ count: number; wrong: string[] }> {
  const patterns = LTR_DATA.map(({ name, pattern }) => ({ name, source: pattern.source, flags: pattern.flags }));
  return page.evaluate((patterns) => {
    /** The piece of a line an element's text belongs to: its paragraph, or what isolates it within it. */
    const pieceOf = (element: Element): Element => {
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display !== 'inline' || ['isolate', 'isolate-override', 'plaintext'].includes(style.unicodeBidi) || at.tagName === 'BDI' || at.hasAttribute('dir')) return at;
      }
      return document.body;
    };
    // Each piece's text nodes; U+FFFC where a piece it isolates sits between two of them.
    const pieces = new Map<Element, { nodes: (Text | null)[]; last: number }>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let index = 0;
    for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null, index += 1) {
      const parent = node.parentElement;
      if (parent === null || ['SCRIPT', 'STYLE', 'TEXTAREA', 'NOSCRIPT'].includes(parent.tagName)) continue;
      const key = pieceOf(parent);
      const piece = pieces.get(key) ?? { nodes: [], last: index - 1 };
      if (piece.last !== index - 1) piece.nodes.push(null);
      piece.nodes.push(node);
      piece.last = index;
      pieces.set(key, piece);
    }
    const sameLine = (a: DOMRect, b: DOMRect) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.height, b.height) / 2;
    /** The on-screen box of characters [start, end) of a piece's text; null when hidden or on two lines. */
    const box = (nodes: (Text | null)[], start: number, end: number) => {
      const range = document.createRange();
      let offset = 0;
      for (const node of nodes) {
        const length = node === null ? 1 : node.data.length;
        if (node !== null && start >= offset && start < offset + length) range.setStart(node, start - offset);
        if (node !== null && end > offset && end <= offset + length) range.setEnd(node, end - offset);
        offset += length;
      }
      const whole = range.getBoundingClientRect();
      const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
      return whole.width === 0 || lines.some((rect) => !sameLine(rect, lines[0] ?? rect)) ? null : whole;
    };
    const wrong: string[] = [];
    let count = 0;
    /** Where an element is, for a message: its tag and classes, and the nearest test id. */
    const where = (element: Element) => {
      const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${[...element.classList].map((name) => `.${name}`).join('')}${testId ? ` in [data-testid=${testId}]` : ''}`;
    };
    for (const [element, { nodes }] of pieces) {
      const text = nodes.map((node) => (node === null ? '\uFFFC' : node.data)).join('');
      for (const { name, source, flags } of patterns) {
        for (const match of text.matchAll(new RegExp(source, flags))) {
          const [first, second] = [match.indices?.[1], match.indices?.[2]];
          if (!first || !second) continue;
          const a = box(nodes, first[0], first[1]);
          const b = box(nodes, second[0], second[1]);
          if (a === null || b === null || !sameLine(a, b)) continue; // hidden, or wrapped
          count += 1;
          if (a.left > b.left) wrong.push(`${name} reordered: "${match[0]}" in "${text.replace(/\uFFFC/g, '…').trim().slice(0, 80)}" (${where(element)})`);
        }
      }
    }
    return { count, wrong: [...new Set(wrong)] };
  }, patterns);
}

/**
 * Texts cut at their start: in an element that cuts what overflows it (overflow hidden, an
 * ellipsis), the first character of its text lies outside it — a right-to-left page pushes the
 * overflow of a left-to-right text out at the left, where its start is.
 */
export function textsCutAtTheirStart(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    // A field's placeholder that does not fit, in a field whose text runs right to left: the
    // overflow of a left-to-right text goes out at the left, its start.
    ...[...document.querySelectorAll<HTMLInputElement>('input[placeholder]:placeholder-shown')].flatMap((input) => {
      const style = getComputedStyle(input);
      if (style.direction !== 'rtl' || getComputedStyle(input, '::placeholder').unicodeBidi === 'plaintext' || input.offsetWidth === 0) return [];
      const context = document.createElement('canvas').getContext('2d');
      if (context === null) return [];
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width > room + 1 ? [`placeholder "${input.placeholder}" cut at its start`] : [];
    }),
    ...[...document.querySelectorAll('body *')].flatMap((element) => {
      const style = getComputedStyle(element);
      if (!['hidden', 'clip'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) return [];
      const rect = element.getBoundingClientRect();
      if (rect.width <= 2 || style.clip !== 'auto' || style.clipPath !== 'none') return []; // visually hidden
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node !== null; node = walker.nextNode() as Text | null) {
        const start = node.data.search(/\S/);
        if (start < 0) continue;
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 1);
        const char = range.getBoundingClientRect();
        if (char.width === 0) continue;
        const left = rect.left + parseFloat(style.borderLeftWidth);
        const right = rect.right - parseFloat(style.borderRightWidth);
        return char.left < left - 1 || char.right > right + 1 ? [`"${node.data.trim().slice(0, 60)}" cut at its start in ${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`] : [];
      }
      return [];
    }),
  ]);
}
