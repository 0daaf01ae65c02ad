/*
 * The options that can be part of no solution, found before a search (the
 * first rule of Knuth's DLX-PRE): an option whose choice leaves some
 * primary item with no option left is in no solution, and neither is an
 * option without a primary item, which the search never chooses.  Leaving
 * such options out changes no solution; the search then no longer tries
 * them, nor hides them from the lists of the items they share, which on
 * tilings (a piece that walls off a corner) saves a tenth of the updates.
 *
 * Each test is the search's own move, made outside a search: the option is
 * forced (dlx-force.c), which commits its items and says whether a primary
 * item was emptied, then released.  An option found blocked leaves its
 * items' lists at once, so that the tests after it see the smaller
 * problem; a test made before a removal may have passed only because the
 * removed option was still there, so the options are tested in turn,
 * cyclically, until every option left has passed a test made after the
 * last removal.  Stopping earlier (a poll, a limit) is safe: every option
 * found blocked by then is in no solution; only some that the rule would
 * still find are left in.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-links.h"

static bool has_primary(const dlx_problem *p, size_t opt)
{
	const struct dlx_nodes nd = p->node;
	for (int32_t q = p->opt_start[opt]; nd.top[q] > 0; q++)
		if (nd.top[q] <= p->np)
			return true;
	return false;
}

int dlx_blocked_options(dlx_problem *p, const dlx_search_params *params, unsigned char *blocked, size_t *n_blocked,
			dlx_stats *stats)
{
	if (!p || (!blocked && p->n_options) || !n_blocked)
		return DLX_ERR_INVALID;
	dlx_stats so_far = { 0 };
	so_far.stop = DLX_STOP_COMPLETE;
	if (p->iterating || p->n_forced || dlx__bounded(p))
		return DLX_ERR_STATE;
	size_t n = p->n_options, *removed = n ? malloc(n * sizeof *removed) : NULL;
	if (n && !removed)
		return DLX_ERR_NOMEM;
	size_t n_removed = 0;
	int rc = DLX_OK;
	for (size_t o = 0; o < n; o++)
		blocked[o] = 0;
	/*
	 * A primary item without options makes every option blocked: the
	 * tests would not see it, since they look for items a choice empties.
	 * (Secondary items' lengths carry an offset and never reach 0.)
	 */
	bool none = false;
	for (int32_t i = 1; i <= p->np; i++)
		none |= p->len[i] == 0;
	/* Passed: the tests in a row since the last removal; all the options left have passed then. */
	for (size_t o = 0, passed = 0; n && !none && passed < n - n_removed; o = o + 1 < n ? o + 1 : 0) {
		if (blocked[o])
			continue;
		if (params && params->node_limit && so_far.nodes == params->node_limit) {
			so_far.stop = DLX_STOP_NODE_LIMIT;
			break;
		}
		bool emptied = true;
		if (has_primary(p, o)) {
			rc = dlx__force_probe(p, o, &so_far.updates, &emptied);
			if (rc)
				break;
			dlx__release_to(p, 0);
		}
		so_far.nodes++;
		if (!emptied) {
			passed++;
		} else {
			blocked[o] = 1;
			/* Its removal's updates are not the tests': they are not counted. */
			uint64_t ignored = 0;
			none = remove_option(p, p->opt_start[o], &ignored, false, p->color != NULL);
			removed[n_removed++] = o;
			passed = 0;
		}
		if (params && params->on_poll) {
			so_far.progress = (double)passed / (double)(n - n_removed ? n - n_removed : 1);
			if (params->on_poll(params->poll_ctx, &so_far)) {
				so_far.stop = DLX_STOP_POLL;
				break;
			}
		}
	}
	/* A primary item without options: every option is blocked, whatever stopped the tests. */
	if (none && !rc) {
		for (size_t o = 0; o < n; o++)
			blocked[o] = 1;
		so_far.stop = DLX_STOP_COMPLETE;
	}
	while (n_removed)
		restore_option(p, p->opt_start[removed[--n_removed]], false, p->color != NULL);
	free(removed);
	if (rc) {
		for (size_t o = 0; o < n; o++)
			blocked[o] = 0;
		return rc;
	}
	size_t count = 0;
	for (size_t o = 0; o < n; o++)
		count += blocked[o];
	*n_blocked = count;
	if (so_far.stop == DLX_STOP_COMPLETE)
		so_far.progress = 1;
	if (stats)
		*stats = so_far;
	return DLX_OK;
}
