/*
 * PDF through cairo: each page an SVG document of draw-svg.h's, rendered
 * by librsvg onto one page of cairo's PDF surface.  The pictures are
 * drawn once, as SVG; the PDF adds real pages, for printing.  Built only
 * when meson finds librsvg's and cairo's headers (-Dpdf, Debian's
 * librsvg2-dev and libcairo2-dev); the libraries themselves are loaded
 * when the first PDF is made (see draw-pdf.c), and a system without them
 * gets an error then.  As the rest of the layer, it writes into its
 * caller's FILE* and never prints or exits.
 */
#ifndef DLX_DRAW_PDF_H
#define DLX_DRAW_PDF_H

#include <stddef.h>
#include <stdio.h>

struct draw_pdf;

/*
 * Starts a PDF of w x h mm pages written to f (kept open).  NULL, with why
 * in err (size bytes), if librsvg could not be loaded or cairo could not
 * start a PDF.
 */
struct draw_pdf *draw_pdf_new(FILE *f, double w_mm, double h_mm, char *err, size_t size);

/*
 * Adds a page: the SVG document svg (len bytes), whose size should be
 * the page's, drawn to fill it.  Returns 0, or -1 with why in err (size
 * bytes, NUL-terminated): bad SVG, or cairo's error.  O(the document).
 */
int draw_pdf_page(struct draw_pdf *p, const char *svg, size_t len, char *err, size_t size);

/*
 * Ends the PDF (cairo writes most of it now) and frees p.  Returns 0, or -1
 * with why in err; after a failed write of f, errno is that write's.
 */
int draw_pdf_finish(struct draw_pdf *p, char *err, size_t size);

#endif
