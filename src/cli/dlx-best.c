/* dlx --best K: the K cheapest solutions, their costs and the ties at the K-th. */
#include "dlx-best.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* One solution as dlx prints any: its options in input order, names and colors or line numbers. */
static void print_costed(dlx_ec *ec, dlx_costed *c, bool numbers)
{
	dlx_problem *p = dlx_ec_problem(ec);
	qsort(c->options, c->n, sizeof *c->options, cmp_size);
	printf("cost %" PRIu64 "\n", c->cost);
	for (size_t k = 0; k < c->n; k++) {
		size_t opt = c->options[k];
		if (numbers) {
			printf("%zu\n", dlx_ec_option_line(ec, opt));
			continue;
		}
		size_t m = dlx_option_size(p, opt);
		for (size_t j = 0; j < m; j++) {
			fputs(dlx_ec_item_name(ec, dlx_option_item(p, opt, j)), stdout);
			const char *color = dlx_ec_color_name(ec, dlx_option_color(p, opt, j));
			if (color) {
				putchar(':');
				fputs(color, stdout);
			}
			putchar(j + 1 < m ? ' ' : '\n');
		}
	}
	putchar('\n');
}

int best_run(dlx_ec *ec, const dlx_search_params *sp, uint64_t k, bool numbers, bool quiet, dlx_stats *st,
	     char **costs)
{
	dlx_best *b = NULL;
	*costs = NULL;
	int rc = dlx_search_best(dlx_ec_problem(ec), sp, (size_t)k, &b, st);
	if (!b)
		return rc;
	size_t cap = 16 + 21 * b->n, used = 0;
	*costs = malloc(cap);
	if (*costs) {
		(*costs)[0] = '\0';
		for (size_t s = 0; s < b->n; s++)
			used += (size_t)snprintf(*costs + used, cap - used, "%s%" PRIu64, s ? " " : "", b->sol[s].cost);
	}
	if (!quiet) {
		for (size_t s = 0; s < b->n; s++)
			print_costed(ec, &b->sol[s], numbers);
		if (b->n)
			printf("ties: %" PRIu64 " solution%s cost %" PRIu64 "\n", b->ties, b->ties == 1 ? "" : "s",
			       b->sol[b->n - 1].cost);
	}
	dlx_best_free(b);
	return rc;
}
