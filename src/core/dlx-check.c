/*
 * dlx__check(): Knuth-style sanity check of a problem's links, for the
 * tests and for debugging.  It reads the layout of dlx-problem.h and must
 * survive a corrupt one, so it bounds every link before following it.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>

#include "dlx-internal.h"
#include "dlx-problem.h"

int dlx__check(const dlx_problem *p, const char **what)
{
	const struct dlx_nodes nd = p->node;
	int32_t n = (int32_t)p->n_items;
	*what = NULL;
	/* The sparse sets: set and pos are inverse permutations that keep each region's items. */
	if (p->n_act_p < 0 || p->n_act_p > p->np || p->n_act_s < 0 || p->n_act_s > n - p->np) {
		*what = "active counts out of range";
		return -1;
	}
	for (int32_t i = 1; i <= n; i++) {
		int32_t k = p->pos[i];
		if (k < 0 || k >= n || p->set[k] != i || (i <= p->np) != (k < p->np)) {
			*what = "item sets are not consistent";
			return -1;
		}
	}
	/* Vertical lists: doubly linked, len matches, every node's top is its item. */
	for (int32_t i = 1; i <= n; i++) {
		int32_t cnt = 0;
		for (int32_t x = nd.down[i]; x != i; x = nd.down[x]) {
			/* A corrupt link must not send the checker itself out of bounds. */
			if (x <= 0 || (size_t)x >= p->n_nodes || nd.down[x] < 0 || (size_t)nd.down[x] >= p->n_nodes ||
			    nd.up[x] < 0 || (size_t)nd.up[x] >= p->n_nodes) {
				*what = "link out of range";
				return -1;
			}
			if (nd.up[nd.down[x]] != x || nd.down[nd.up[x]] != x) {
				*what = "vertical list is not doubly linked";
				return -1;
			}
			if (nd.top[x] != i) {
				*what = "node in the wrong vertical list";
				return -1;
			}
			if (++cnt > (int32_t)p->n_nodes) {
				*what = "vertical list does not close";
				return -1;
			}
		}
		bool active = item_active(p, i);
		if (cnt != p->len[i] - (active ? 0 : DLX_COVERED) - (i > p->np ? DLX_SECONDARY : 0)) {
			*what = "item length does not match its list";
			return -1;
		}
	}
	return 0;
}

#ifdef DLX_COUNT_SCANS
uint64_t dlx__scans(const dlx_problem *p)
{
	return p->scans;
}
#endif
