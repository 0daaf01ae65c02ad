/*
 * PDF pages through librsvg and cairo (draw-pdf.h).  The libraries are
 * loaded with dlopen() on the first PDF, not linked: linked, they cost
 * every run of the program some 80 ms of start-up (measured once: 50 runs of
 * `dlx-sudoku --version` took 4.5 s linked, 0.6 s without) and tens of
 * megabytes of address space, and they would have to be installed where
 * no one asks for a PDF.  Their headers give the functions' types.
 */
#define _POSIX_C_SOURCE 200809L
#include "draw-pdf.h"

#include <cairo-pdf.h>
#include <dlfcn.h>
#include <errno.h>
#include <librsvg/rsvg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define PT_PER_MM (72.0 / 25.4)

/* librsvg's soname; cairo, GObject and GLib come with it as its dependencies. */
#define RSVG_LIBRARY "librsvg-2.so.2"

#define API(f) __typeof__(f) *f
static struct {
	bool loaded;
	API(cairo_pdf_surface_create_for_stream);
	API(cairo_pdf_surface_set_metadata);
	API(cairo_surface_status);
	API(cairo_surface_finish);
	API(cairo_surface_destroy);
	API(cairo_create);
	API(cairo_show_page);
	API(cairo_status);
	API(cairo_destroy);
	API(cairo_status_to_string);
	API(rsvg_handle_new_from_data);
	API(rsvg_handle_render_document);
	API(g_object_unref);
	API(g_error_free);
} api;
#undef API

/*
 * Loads the libraries once (the library keeps them for the process's
 * life); NULL, or why they could not be.  Not thread-safe: one thread
 * makes the PDF.
 */
static const char *load(void)
{
	if (api.loaded)
		return NULL;
	void *h = dlopen(RSVG_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return dlerror();
#define GET(f) \
	do { \
		*(void **)&api.f = dlsym(h, #f); \
		if (!api.f) \
			return "librsvg or cairo lacks " #f; \
	} while (0)
	GET(cairo_pdf_surface_create_for_stream);
	GET(cairo_pdf_surface_set_metadata);
	GET(cairo_surface_status);
	GET(cairo_surface_finish);
	GET(cairo_surface_destroy);
	GET(cairo_create);
	GET(cairo_show_page);
	GET(cairo_status);
	GET(cairo_destroy);
	GET(cairo_status_to_string);
	GET(rsvg_handle_new_from_data);
	GET(rsvg_handle_render_document);
	GET(g_object_unref);
	GET(g_error_free);
#undef GET
	api.loaded = true;
	return NULL;
}

struct draw_pdf {
	FILE *f;
	cairo_surface_t *surface;
	double w_pt, h_pt;
	int write_errno; /* the first failed write's errno: cairo keeps only "error while writing" */
};

static cairo_status_t write_out(void *closure, const unsigned char *data, unsigned int length)
{
	struct draw_pdf *p = closure;
	errno = 0;
	if (fwrite(data, 1, length, p->f) == length)
		return CAIRO_STATUS_SUCCESS;
	if (!p->write_errno)
		p->write_errno = errno ? errno : EIO;
	return CAIRO_STATUS_WRITE_ERROR;
}

struct draw_pdf *draw_pdf_new(FILE *f, double w_mm, double h_mm, char *err, size_t size)
{
	const char *why = load();
	if (why) {
		snprintf(err, size, "%s", why);
		return NULL;
	}
	struct draw_pdf *p = malloc(sizeof *p);
	if (!p) {
		snprintf(err, size, "out of memory");
		return NULL;
	}
	p->f = f;
	p->w_pt = w_mm * PT_PER_MM;
	p->h_pt = h_mm * PT_PER_MM;
	p->write_errno = 0;
	p->surface = api.cairo_pdf_surface_create_for_stream(write_out, p, p->w_pt, p->h_pt);
	cairo_status_t st = api.cairo_surface_status(p->surface);
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, size, "%s", api.cairo_status_to_string(st));
		api.cairo_surface_destroy(p->surface);
		free(p);
		return NULL;
	}
	api.cairo_pdf_surface_set_metadata(p->surface, CAIRO_PDF_METADATA_CREATOR, "dlx");
	return p;
}

int draw_pdf_page(struct draw_pdf *p, const char *svg, size_t len, char *err, size_t size)
{
	GError *gerr = NULL;
	RsvgHandle *h = api.rsvg_handle_new_from_data((const guint8 *)svg, len, &gerr);
	if (!h) {
		snprintf(err, size, "SVG: %s", gerr ? gerr->message : "unreadable");
		if (gerr)
			api.g_error_free(gerr);
		return -1;
	}
	cairo_t *cr = api.cairo_create(p->surface);
	RsvgRectangle page = { 0, 0, p->w_pt, p->h_pt };
	gboolean ok = api.rsvg_handle_render_document(h, cr, &page, &gerr);
	api.cairo_show_page(cr);
	cairo_status_t st = api.cairo_status(cr);
	api.cairo_destroy(cr);
	api.g_object_unref(h);
	if (!ok || st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, size, "%s", !ok && gerr ? gerr->message : api.cairo_status_to_string(st));
		if (gerr)
			api.g_error_free(gerr);
		return -1;
	}
	return 0;
}

int draw_pdf_finish(struct draw_pdf *p, char *err, size_t size)
{
	api.cairo_surface_finish(p->surface);
	cairo_status_t st = api.cairo_surface_status(p->surface);
	api.cairo_surface_destroy(p->surface);
	int e = p->write_errno;
	free(p);
	if (e) {
		snprintf(err, size, "write error: %s", strerror(e));
		errno = e; /* for the caller's record of the write error */
		return -1;
	}
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, size, "%s", api.cairo_status_to_string(st));
		return -1;
	}
	return 0;
}
