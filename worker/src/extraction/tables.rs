//! Tables rebuilt from a page's ruling lines and words, as pdfplumber does.
//!
//! 1. The page's path segments that are horizontal or vertical (lines, the sides of
//!    rectangles, thin filled bars) are its edges; edges a few tenths of a point apart are one
//!    line (a bar has two sides), and collinear pieces that touch are joined.
//! 2. Where a horizontal and a vertical edge cross is a corner. A cell is the smallest
//!    rectangle whose four corners exist and whose four sides are drawn, so a heading that spans
//!    columns (no vertical line through it) is one wide cell.
//! 3. Cells that share corners form one table. Its columns are the distinct left sides of its
//!    cells, its rows the distinct tops; each cell's text goes in its first column and row, the
//!    columns a wide cell covers stay `""`.
//! 4. A word belongs to the cell containing its centre; a cell's words are joined by spaces
//!    within a line and by `\n` between lines.
//!
//! Only on a page without any edge, text alignment stands in ([`aligned_tables`]): at least
//! three consecutive lines whose words fall in the same two or more columns separated by wide
//! gaps.

use super::{Table, Word};

/// A straight path segment, in points with the origin at the page's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

/// How far apart (points) two lines may be and still count as one, and how far a corner may
/// miss its edge.
const SNAP: f32 = 3.0;
/// Shorter segments are not table lines (tick marks, the short sides of bars, dots).
const MIN_EDGE: f32 = 3.0;
/// A segment leaning less than this (points over its length) is horizontal or vertical.
const STRAIGHT: f32 = 1.0;

/// The tables of one page: from its ruling lines when it has any, else from text alignment.
pub fn find_tables(page: u32, words: &[Word], segments: &[Segment]) -> Vec<Table> {
    let (horizontal, vertical) = edges(segments);
    if horizontal.is_empty() && vertical.is_empty() {
        return aligned_tables(page, words);
    }
    ruled_tables(page, words, &horizontal, &vertical)
}

/// A horizontal edge (`at` = y, from..to along x) or a vertical one (`at` = x, along y).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Edge {
    at: f32,
    from: f32,
    to: f32,
}

impl Edge {
    fn covers(&self, from: f32, to: f32) -> bool {
        self.from - SNAP <= from && to <= self.to + SNAP
    }
}

fn edges(segments: &[Segment]) -> (Vec<Edge>, Vec<Edge>) {
    let mut horizontal = Vec::new();
    let mut vertical = Vec::new();
    for s in segments {
        let (dx, dy) = ((s.x1 - s.x0).abs(), (s.y1 - s.y0).abs());
        if !(s.x0.is_finite() && s.x1.is_finite() && s.y0.is_finite() && s.y1.is_finite()) {
            continue;
        }
        if dy <= STRAIGHT && dx >= MIN_EDGE {
            horizontal.push(Edge {
                at: (s.y0 + s.y1) / 2.0,
                from: s.x0.min(s.x1),
                to: s.x0.max(s.x1),
            });
        } else if dx <= STRAIGHT && dy >= MIN_EDGE {
            vertical.push(Edge {
                at: (s.x0 + s.x1) / 2.0,
                from: s.y0.min(s.y1),
                to: s.y0.max(s.y1),
            });
        }
    }
    (merge(horizontal), merge(vertical))
}

/// Snaps nearby parallel edges to one line and joins the collinear pieces that touch.
fn merge(mut edges: Vec<Edge>) -> Vec<Edge> {
    edges.sort_by(|a, b| a.at.total_cmp(&b.at));
    // Snap: runs of edges within SNAP of the run's first take the run's mean position.
    let mut start = 0;
    while start < edges.len() {
        let mut end = start + 1;
        while end < edges.len() && edges[end].at - edges[start].at <= SNAP {
            end += 1;
        }
        let mean = edges[start..end].iter().map(|e| e.at).sum::<f32>() / (end - start) as f32;
        for edge in &mut edges[start..end] {
            edge.at = mean;
        }
        start = end;
    }
    edges.sort_by(|a, b| a.at.total_cmp(&b.at).then(a.from.total_cmp(&b.from)));
    let mut merged: Vec<Edge> = Vec::with_capacity(edges.len());
    for edge in edges {
        match merged.last_mut() {
            Some(last) if last.at == edge.at && edge.from <= last.to + SNAP => {
                last.to = last.to.max(edge.to);
            }
            _ => merged.push(edge),
        }
    }
    merged
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Cell {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

fn ruled_tables(page: u32, words: &[Word], horizontal: &[Edge], vertical: &[Edge]) -> Vec<Table> {
    // Corners: (x, y) where a vertical and a horizontal edge cross (within SNAP).
    let mut corners: Vec<(f32, f32)> = Vec::new();
    for v in vertical {
        for h in horizontal {
            if h.from - SNAP <= v.at
                && v.at <= h.to + SNAP
                && v.from - SNAP <= h.at
                && h.at <= v.to + SNAP
            {
                corners.push((v.at, h.at));
            }
        }
    }
    corners.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
    corners.dedup();
    let is_corner = |x: f32, y: f32| corners.iter().any(|&(cx, cy)| cx == x && cy == y);
    let has_h =
        |y: f32, from: f32, to: f32| horizontal.iter().any(|e| e.at == y && e.covers(from, to));
    let has_v =
        |x: f32, from: f32, to: f32| vertical.iter().any(|e| e.at == x && e.covers(from, to));

    // Cells: from each corner, the nearest corner below and to the right that close a drawn
    // rectangle.
    let mut cells = Vec::new();
    for (i, &(x, y)) in corners.iter().enumerate() {
        let below = corners[i + 1..]
            .iter()
            .filter(|&&(cx, cy)| cx == x && cy > y)
            .map(|&(_, cy)| cy);
        'search: for by in below {
            if !has_v(x, y, by) {
                continue;
            }
            let right = corners[i + 1..]
                .iter()
                .filter(|&&(cx, cy)| cy == y && cx > x)
                .map(|&(cx, _)| cx);
            for rx in right {
                if has_h(y, x, rx) && is_corner(rx, by) && has_v(rx, y, by) && has_h(by, x, rx) {
                    cells.push(Cell {
                        x0: x,
                        y0: y,
                        x1: rx,
                        y1: by,
                    });
                    break 'search;
                }
            }
        }
    }

    let mut tables: Vec<Table> = group(cells)
        .into_iter()
        .filter(|cells| cells.len() >= 2)
        .map(|cells| Table {
            page,
            rows: fill(&cells, words),
        })
        .collect();
    tables.retain(|t| t.rows.iter().flatten().any(|cell| !cell.is_empty()));
    tables
}

/// Cells that share a corner, transitively, are one table; tables top to bottom.
fn group(cells: Vec<Cell>) -> Vec<Vec<Cell>> {
    let corners = |c: &Cell| [(c.x0, c.y0), (c.x1, c.y0), (c.x0, c.y1), (c.x1, c.y1)];
    let mut groups: Vec<Vec<Cell>> = Vec::new();
    for cell in cells {
        let mine = corners(&cell);
        let touching: Vec<usize> = groups
            .iter()
            .enumerate()
            .filter(|(_, g)| {
                g.iter()
                    .any(|c| corners(c).iter().any(|p| mine.contains(p)))
            })
            .map(|(i, _)| i)
            .collect();
        let mut merged = vec![cell];
        for i in touching.into_iter().rev() {
            merged.extend(groups.swap_remove(i));
        }
        groups.push(merged);
    }
    groups.sort_by(|a, b| top_of(a).total_cmp(&top_of(b)));
    groups
}

fn top_of(cells: &[Cell]) -> f32 {
    cells.iter().map(|c| c.y0).fold(f32::INFINITY, f32::min)
}

/// The rows of one table's cells.
fn fill(cells: &[Cell], words: &[Word]) -> Vec<Vec<String>> {
    let mut columns: Vec<f32> = cells.iter().map(|c| c.x0).collect();
    columns.sort_by(f32::total_cmp);
    columns.dedup();
    let mut rows: Vec<f32> = cells.iter().map(|c| c.y0).collect();
    rows.sort_by(f32::total_cmp);
    rows.dedup();
    let mut grid = vec![vec![String::new(); columns.len()]; rows.len()];
    for cell in cells {
        let inside: Vec<&Word> = words
            .iter()
            .filter(|w| {
                let (cx, cy) = ((w.x0 + w.x1) / 2.0, (w.y0 + w.y1) / 2.0);
                cell.x0 <= cx && cx < cell.x1 && cell.y0 <= cy && cy < cell.y1
            })
            .collect();
        let (Some(r), Some(c)) = (
            rows.iter().position(|&y| y == cell.y0),
            columns.iter().position(|&x| x == cell.x0),
        ) else {
            continue;
        };
        grid[r][c] = lines(&inside)
            .iter()
            .map(|line| join(line))
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_owned();
    }
    grid
}

/// Words grouped into lines (a word whose vertical centre lies within the line's first word's
/// height is on that line), top to bottom, each line left to right.
fn lines<'w>(words: &[&'w Word]) -> Vec<Vec<&'w Word>> {
    let mut sorted: Vec<&Word> = words.to_vec();
    sorted.sort_by(|a, b| a.y0.total_cmp(&b.y0).then(a.x0.total_cmp(&b.x0)));
    let mut lines: Vec<Vec<&Word>> = Vec::new();
    for word in sorted {
        let middle = (word.y0 + word.y1) / 2.0;
        match lines
            .iter_mut()
            .find(|line| line[0].y0 <= middle && middle <= line[0].y1)
        {
            Some(line) => line.push(word),
            None => lines.push(vec![word]),
        }
    }
    for line in &mut lines {
        line.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    }
    lines
}

fn join(words: &[&Word]) -> String {
    words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Tables from text alignment alone (see the module's documentation).
pub fn aligned_tables(page: u32, words: &[Word]) -> Vec<Table> {
    let refs: Vec<&Word> = words.iter().collect();
    let lines = lines(&refs);
    let mut tables = Vec::new();
    let mut block: Vec<AlignedLine<'_>> = Vec::new();
    let mut previous_bottom: Option<f32> = None;
    for line in lines {
        let height = line
            .iter()
            .map(|w| w.y1 - w.y0)
            .fold(0.0, f32::max)
            .max(1.0);
        let chunks = chunks(&line, height);
        let top = line.iter().map(|w| w.y0).fold(f32::INFINITY, f32::min);
        let near = previous_bottom.is_none_or(|bottom| top - bottom < height * 2.5);
        previous_bottom = Some(line.iter().map(|w| w.y1).fold(f32::NEG_INFINITY, f32::max));
        if chunks.len() >= 2 && (near || block.is_empty()) {
            block.push((line, chunks));
            continue;
        }
        tables.extend(aligned_table(page, &block));
        block.clear();
        if chunks.len() >= 2 {
            block.push((line, chunks));
        }
    }
    tables.extend(aligned_table(page, &block));
    tables
}

/// The x-extents of a line's runs of words separated by gaps wider than its height.
fn chunks(line: &[&Word], height: f32) -> Vec<(f32, f32)> {
    let mut chunks: Vec<(f32, f32)> = Vec::new();
    for word in line {
        match chunks.last_mut() {
            Some(last) if word.x0 - last.1 <= height => last.1 = last.1.max(word.x1),
            _ => chunks.push((word.x0, word.x1)),
        }
    }
    chunks
}

type AlignedLine<'w> = (Vec<&'w Word>, Vec<(f32, f32)>);

fn aligned_table(page: u32, block: &[AlignedLine<'_>]) -> Option<Table> {
    if block.len() < 3 {
        return None;
    }
    // Columns: the union of every line's chunks; a gap no line crosses separates two.
    let mut extents: Vec<(f32, f32)> = block.iter().flat_map(|(_, c)| c.clone()).collect();
    extents.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut columns: Vec<(f32, f32)> = Vec::new();
    for (from, to) in extents {
        match columns.last_mut() {
            Some(last) if from <= last.1 + 1.0 => last.1 = last.1.max(to),
            _ => columns.push((from, to)),
        }
    }
    if columns.len() < 2 {
        return None;
    }
    let rows = block
        .iter()
        .map(|(line, _)| {
            columns
                .iter()
                .map(|&(from, to)| {
                    let cell: Vec<&Word> = line
                        .iter()
                        .copied()
                        .filter(|w| {
                            let middle = (w.x0 + w.x1) / 2.0;
                            from <= middle && middle <= to
                        })
                        .collect();
                    join(&cell)
                })
                .collect()
        })
        .collect();
    Some(Table { page, rows })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, x0: f32, y0: f32) -> Word {
        Word {
            page: 1,
            text: text.into(),
            x0,
            y0,
            x1: x0 + 6.0 * text.chars().count() as f32,
            y1: y0 + 10.0,
        }
    }

    fn line(x0: f32, y0: f32, x1: f32, y1: f32) -> Segment {
        Segment { x0, y0, x1, y1 }
    }

    #[test]
    fn a_ruled_grid_with_a_spanning_heading() {
        // Three columns at 100, 200, 300 (to 400); rows at 100 (heading), 120, 140 (to 160).
        let mut segments = Vec::new();
        for y in [100.0, 120.0, 140.0, 160.0] {
            segments.push(line(100.0, y, 400.0, y));
        }
        segments.push(line(100.0, 100.0, 100.0, 160.0));
        segments.push(line(400.0, 100.0, 400.0, 160.0));
        // Inner verticals below the heading only, drawn as thin filled bars.
        for x in [200.0, 300.0] {
            segments.push(line(x, 120.0, x, 160.0));
            segments.push(line(x + 0.5, 120.0, x + 0.5, 160.0));
            segments.push(line(x, 120.0, x + 0.5, 120.0));
        }
        let words = [
            word("Piano", 104.0, 105.0),
            word("di", 140.0, 105.0),
            word("rimborso", 156.0, 105.0),
            word("Rata", 104.0, 125.0),
            word("Importo", 204.0, 125.0),
            word("Scadenza", 304.0, 125.0),
            word("1", 104.0, 145.0),
            word("€", 204.0, 145.0),
            word("100,00", 214.0, 145.0),
            word("31/01/2026", 304.0, 145.0),
            word("fuori", 104.0, 300.0),
        ];
        let tables = find_tables(1, &words, &segments);
        assert_eq!(
            tables,
            [Table {
                page: 1,
                rows: vec![
                    vec!["Piano di rimborso".into(), "".into(), "".into()],
                    vec!["Rata".into(), "Importo".into(), "Scadenza".into()],
                    vec!["1".into(), "€ 100,00".into(), "31/01/2026".into()],
                ],
            }]
        );
    }

    #[test]
    fn a_lone_box_is_not_a_table() {
        let segments = [
            line(100.0, 100.0, 400.0, 100.0),
            line(100.0, 200.0, 400.0, 200.0),
            line(100.0, 100.0, 100.0, 200.0),
            line(400.0, 100.0, 400.0, 200.0),
        ];
        let words = [word("Nota", 110.0, 110.0)];
        assert_eq!(find_tables(1, &words, &segments), []);
    }

    #[test]
    fn aligned_columns_without_lines() {
        let mut words = vec![
            word("Condizioni", 72.0, 50.0),
            word("generali", 140.0, 50.0),
        ];
        for (i, (name, value)) in [("TAN", "5,00%"), ("TAEG", "5,40%"), ("Durata", "60 mesi")]
            .iter()
            .enumerate()
        {
            let y = 80.0 + 14.0 * i as f32;
            words.push(word(name, 72.0, y));
            let mut x = 300.0;
            for part in value.split(' ') {
                words.push(word(part, x, y));
                x += 6.0 * part.chars().count() as f32 + 3.0;
            }
        }
        let tables = find_tables(1, &words, &[]);
        assert_eq!(
            tables,
            [Table {
                page: 1,
                rows: vec![
                    vec!["TAN".into(), "5,00%".into()],
                    vec!["TAEG".into(), "5,40%".into()],
                    vec!["Durata".into(), "60 mesi".into()],
                ],
            }]
        );
    }
}
