/*
 * SVG documents of boards: the sheet they are laid out on (one column, or
 * A4 pages of several), the document's frame, and what every board drawing
 * shares (cell outlines, text, colours).
 *
 * Like every library layer this never prints on its own account, never
 * exits and keeps no state: it writes into the caller's FILE*, and a
 * function that writes returns 0, or -1 when the stream's error flag is
 * set (ferror(): the write failed; errno says why).  The document's unit
 * is the millimetre: width="210mm" and a viewBox of 210 units.
 */
#ifndef DLX_DRAW_SVG_H
#define DLX_DRAW_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Most boards on one page: more would leave no room to write in. */
#define DRAW_MAX_PER_PAGE 64u

/* Where boards go: slots of one size, in one column or on A4 pages. */
struct draw_sheet {
	unsigned per_page;       /* 0: one column of slots, as long as the boards need */
	double slot_w, slot_h;   /* a board's slot, mm */
	unsigned cols, rows;     /* slots across and down a page (one column: 1 and unused) */
	double page_w, page_h;   /* A4 when per_page > 0 */
	double margin, gap;      /* around the page's slots, between slots */
};

/* A sheet of one column of w x h mm slots.  O(1). */
void draw_sheet_column(struct draw_sheet *s, double w, double h);

/*
 * A sheet of A4 pages (210 x 297 mm, 15 mm margins) holding per_page
 * boards each (1..DRAW_MAX_PER_PAGE), whose slots are `aspect` times as
 * high as wide: the grid of columns and rows that makes the slots largest.
 * False if per_page is out of range.  O(per_page).
 */
bool draw_sheet_pages(struct draw_sheet *s, unsigned per_page, double aspect);

/* The top-left corner of slot k (0-based), mm.  O(1). */
void draw_sheet_place(const struct draw_sheet *s, uint64_t k, double *x, double *y);

/* The size of a document of n slots (n >= 1), mm: whole pages, or the column.  O(1). */
void draw_sheet_size(const struct draw_sheet *s, uint64_t n, double *w, double *h);

/*
 * Writes the start of a document of n slots (the XML declaration, the
 * root <svg>, white paper, and with pages a thin frame per page, class
 * "page").  The caller then draws each board into its slot and ends with
 * draw_svg_end().  O(pages).
 */
int draw_svg_begin(FILE *f, const struct draw_sheet *s, uint64_t n);

/*
 * Writes the start of a document of page `page` alone (0-based; per_page
 * > 0): one A4 page whose viewBox shows that page of the sheet, so that the
 * boards drawn for the whole sheet fall into place.  For PDF pages.
 */
int draw_svg_begin_page(FILE *f, const struct draw_sheet *s, uint64_t page);

/* Writes the end of the document. */
int draw_svg_end(FILE *f);

/*
 * Writes the path data (M/H/V commands) of the lines between the cells of a
 * rows x cols grid whose labels differ, label[r*cols + c]; a cell is
 * `cell` units wide, the grid's corner at (0,0), and outside the grid is
 * label -1, so cells with a label >= 0 get a frame where the grid ends.
 * With inset 0 each such line is the cells' common edge (jigsaw regions,
 * the pieces of a tiling).  With inset > 0 each side whose label is >= 0
 * gets its own line, `inset` units into its cell and shortened by inset at
 * both ends: the dashed outlines of killer cages, apart from each other.
 * O(rows * cols).
 */
void draw_svg_edges(FILE *f, unsigned rows, unsigned cols, const int32_t *label, double cell, double inset);

/* Writes s with XML's special characters as entities. */
void draw_svg_escape(FILE *f, const char *s);

/* A light fill for the k-th piece: the hues spread by the golden angle, as "#rrggbb" in buf[8]. */
void draw_svg_colour(uint64_t k, char buf[8]);

#endif
