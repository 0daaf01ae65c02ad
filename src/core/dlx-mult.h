/*
 * Multiplicities and costs (dlx-mult.c), internal: what a problem keeps of
 * its items' bounds and its options' costs, and the search that honours them
 * (dlx-search-m.c).  A problem without either has no `mult` at all, so the
 * plain searches never look at any of this.
 */
#ifndef DLX_MULT_H
#define DLX_MULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx-problem.h"

struct dlx_mult {
	uint32_t *lo, *hi;   /* n_primary entries each (public item numbers), or NULL: every item 1:1 */
	size_t n_bounded;    /* items whose bounds are not 1:1: the problem is bounded when > 0 */
	uint64_t *cost;      /* cap_cost entries, or NULL: options past n_cost cost 0 */
	size_t n_cost, cap_cost;
	size_t n_costly;     /* options whose cost is not 0 */
};

static inline bool dlx__bounded(const dlx_problem *p)
{
	return p->mult && p->mult->n_bounded;
}

/* Frees m (NULL is a no-op). */
void dlx__mult_free(struct dlx_mult *m);

/* A deep copy of m for a problem of n_primary items; *ok is false when memory is short. */
struct dlx_mult *dlx__mult_clone(const struct dlx_mult *m, size_t n_primary, bool *ok);

/* Algorithm M: dlx_search() of a bounded problem (no forced options, no iterator). */
int dlx__search_m(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats);

#endif
