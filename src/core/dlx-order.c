/*
 * The order in which the search tries each item's options: the order of the
 * item's vertical list, which is input order as built.  Shuffling it (a
 * seeded Fisher-Yates shuffle of every list) gives a search that meets the
 * solutions in another order, deterministically for a seed: `dlx --seed`
 * and varied first solutions.  Only the links change, so the solutions,
 * their count and every option's number are the same.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "dlx-internal.h"
#include "dlx-problem.h"

uint64_t dlx__splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static int cmp_node(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

/*
 * Relinks every item's list in the order `shuffle` and the seed give, from
 * node order (input order: the nodes of a list are in ascending order as
 * built), or in node order without shuffle.
 */
static int relink(dlx_problem *p, bool shuffle, uint64_t seed)
{
	if (!p)
		return DLX_ERR_INVALID;
	if (p->n_forced || p->iterating || p->borrowed)
		return DLX_ERR_STATE;
	/* Another order, another tree: the last search's checkpoint is no longer this problem's. */
	p->ck_armed = false;
	size_t longest = 0;
	for (size_t i = 1; i <= p->n_items; i++) {
		size_t l = (size_t)(p->len[i] - ((int32_t)i > p->np ? DLX_SECONDARY : 0));
		longest = l > longest ? l : longest;
	}
	int32_t *nodes = malloc((longest + 1) * sizeof *nodes);
	if (!nodes)
		return DLX_ERR_NOMEM;
	/* The links change: a snapshot of the old ones must not be restored. */
	dlx__snapshot_free(p);
	int32_t *up = p->node.up, *down = p->node.down;
	uint64_t state = seed;
	for (int32_t i = 1; i <= (int32_t)p->n_items; i++) {
		size_t n = 0;
		for (int32_t x = down[i]; x != i; x = down[x])
			nodes[n++] = x;
		/* From input order, so that a seed's order does not depend on an earlier shuffle. */
		qsort(nodes, n, sizeof *nodes, cmp_node);
		if (shuffle) {
			for (size_t k = n; k > 1; k--) {
				size_t j = (size_t)(dlx__splitmix64(&state) % k);
				int32_t t = nodes[k - 1];
				nodes[k - 1] = nodes[j];
				nodes[j] = t;
			}
		}
		int32_t prev = i;
		for (size_t k = 0; k < n; k++) {
			down[prev] = nodes[k];
			up[nodes[k]] = prev;
			prev = nodes[k];
		}
		down[prev] = i;
		up[i] = prev;
	}
	free(nodes);
	return DLX_OK;
}

int dlx_shuffle_options(dlx_problem *p, uint64_t seed)
{
	return relink(p, true, seed);
}

int dlx_unshuffle_options(dlx_problem *p)
{
	return relink(p, false, 0);
}
