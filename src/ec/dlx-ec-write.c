/*
 * Writing a problem read by dlx-ec.c back in Knuth's format, some options
 * left out: what `dlx --reduce` prints.  Only the public API is used, and
 * only what the problem holds is written: the items with their bounds, and
 * each option as its items' names (colors after a ':') with its cost, so
 * comments, spacing and the options the reader dropped are not kept.
 */
#include "dlx-ec.h"

#include <inttypes.h>
#include <stdio.h>

int dlx_ec_write(FILE *out, dlx_ec *ec, const unsigned char *skip)
{
	if (!out || !ec)
		return DLX_ERR_INVALID;
	const dlx_problem *p = dlx_ec_problem(ec);
	size_t np = dlx_primary_count(p), ni = np + dlx_secondary_count(p);
	for (size_t i = 0; i < ni; i++) {
		uint32_t lo = 1, hi = 1;
		if (i < np)
			dlx_item_bounds(p, i, &lo, &hi);
		/* With no primary item the line starts " |": a line starting "|" is a comment. */
		if (i == np)
			fputs(" | ", out);
		else if (i)
			putc(' ', out);
		if (lo != hi)
			fprintf(out, "%" PRIu32 ":%" PRIu32 "|", lo, hi);
		else if (i < np && hi != 1)
			fprintf(out, "%" PRIu32 "|", hi);
		fputs(dlx_ec_item_name(ec, i), out);
	}
	/* No item at all: " |" is still an item line, as the reader takes it. */
	if (!ni)
		fputs(" |", out);
	putc('\n', out);
	for (size_t o = 0, n = dlx_option_count(p); o < n; o++) {
		if (skip && skip[o])
			continue;
		for (size_t k = 0, size = dlx_option_size(p, o); k < size; k++) {
			const char *color = dlx_ec_color_name(ec, dlx_option_color(p, o, k));
			fprintf(out, "%s%s%s%s", k ? " " : "", dlx_ec_item_name(ec, dlx_option_item(p, o, k)),
				color ? ":" : "", color ? color : "");
		}
		uint64_t cost = dlx_option_cost(p, o);
		if (cost)
			fprintf(out, " |%" PRIu64, cost);
		putc('\n', out);
	}
	return ferror(out) ? DLX_ERR_IO : DLX_OK;
}
