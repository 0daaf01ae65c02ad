/*
 * Forcing options before a search and releasing them after: the givens of
 * a puzzle, or the path to a job of a split search.  A forced option is
 * committed as if the search had chosen it, with the primitives of
 * dlx-links.h.  Releasing undoes the commits in reverse order, or, when
 * that proved dearer, restores a copy of the links taken with nothing
 * forced (the snapshot).
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-links.h"

/*
 * What forcing and searching change: the links, the colors, the items' len
 * and their sparse sets (top[] never changes after the options are added).
 * A snapshot holds a copy of each in one block.
 */
enum { LIVE_UP, LIVE_DOWN, LIVE_COLOR, LIVE_LEN, LIVE_SET, LIVE_POS, LIVE_ARRAYS };

struct snapshot {
	int32_t *copy[LIVE_ARRAYS];  /* into block; copy[LIVE_COLOR] NULL without colors */
	int32_t *block;
	int32_t n_act_p, n_act_s;
};

/* The problem's live arrays and their lengths (0 for colors a problem does not have). */
static void live_arrays(const dlx_problem *p, int32_t *a[LIVE_ARRAYS], size_t n[LIVE_ARRAYS])
{
	a[LIVE_UP] = p->node.up;
	a[LIVE_DOWN] = p->node.down;
	a[LIVE_COLOR] = p->color;
	a[LIVE_LEN] = p->len;
	a[LIVE_SET] = p->set;
	a[LIVE_POS] = p->pos;
	for (int k = 0; k < LIVE_ARRAYS; k++)
		n[k] = k <= LIVE_COLOR ? p->n_nodes : p->n_items + 1;
	if (!p->color)
		n[LIVE_COLOR] = 0;
}

/* Snapshots are kept only for problems this small (48 MB of nodes). */
#define SNAPSHOT_MAX_NODES ((size_t)1 << 22)

void dlx__snapshot_free(dlx_problem *p)
{
	if (!p->snap)
		return;
	free(p->snap->block);
	free(p->snap);
	p->snap = NULL;
}

/*
 * Forcing and releasing options, outside the search: every item of the
 * option is committed, as if the search had chosen it, whatever it empties
 * (the search's root then finds a dead end).  Forcing leaves the low bytes
 * alone and keeps the sparse set of active items, which a search that
 * tracks rebuilds the low bytes from when it starts.  A probe of the tree
 * (dlx-estimate.c) may track instead, as the search does (`track`): then
 * it keeps the low bytes and leaves the set as it found it, and must be
 * released alike (dlx__release_probe()).
 */
static ALWAYS_INLINE void commit_whole(dlx_problem *p, int32_t x, uint64_t *updates, int32_t *left,
					const bool colors, const bool probe, const bool track)
{
	const struct dlx_nodes nd = p->node;
	int32_t least = INT32_MAX;
	/* All the option's items are marked first, x's too, as when the search chooses it. */
	if (commits_cover(p, x, colors))
		mark(p, nd.top[x], track);
	mark_rest(p, x, track, colors);
	*updates += commit(p, x, &least, track, colors);
	for (int32_t q = x + 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.up[q];
			continue;
		}
		*updates += commit(p, q, &least, track, colors);
		q++;
	}
	if (probe)
		*left = least < *left ? least : *left;
}

/*
 * Commits the option of node x; unless left is NULL, lowers *left to the
 * least len that left an item with (see hide() in dlx-links.h; without
 * `track` only to 0, an item left with no option).  With NULL the
 * compiler drops the test on every node hidden: a front end forcing givens
 * never reads it (3.4% of dlx-sudoku --unique's instructions on 17-clue
 * puzzles).  Only probes track.
 */
static void commit_option(dlx_problem *p, int32_t x, uint64_t *updates, int32_t *left, bool track)
{
	if (track) {
		if (p->color)
			commit_whole(p, x, updates, left, true, true, true);
		else
			commit_whole(p, x, updates, left, false, true, true);
	} else if (p->color) {
		commit_whole(p, x, updates, left, true, left != NULL, false);
	} else if (left) {
		commit_whole(p, x, updates, left, false, true, false);
	} else {
		commit_whole(p, x, updates, left, false, false, false);
	}
}

static ALWAYS_INLINE void uncommit_whole(dlx_problem *p, int32_t x, const bool colors, const bool track)
{
	uncommit_rest(p, x, track, colors);
	uncommit(p, x, track, colors);
	unmark_rest(p, x, track, colors);
	if (commits_cover(p, x, colors))
		unmark(p, p->node.top[x], track);
}

static void uncommit_option(dlx_problem *p, int32_t x, bool track)
{
	if (p->color)
		track ? uncommit_whole(p, x, true, true) : uncommit_whole(p, x, true, false);
	else
		track ? uncommit_whole(p, x, false, true) : uncommit_whole(p, x, false, false);
}

/* dlx_force_option(), its link updates added to *updates; left and track as commit_option()'s. */
static int force_one(dlx_problem *p, size_t opt, uint64_t *updates, int32_t *left, bool track)
{
	if (!p || opt >= p->n_options)
		return DLX_ERR_INVALID;
	int32_t x = p->opt_start[opt];
	size_t n = dlx_option_size(p, opt);
	for (size_t k = 0; k < n; k++) {
		int32_t q = x + (int32_t)k, i = p->node.top[q];
		if (!item_active(p, i))
			return DLX_ERR_CONFLICT;
		/*
		 * A purified item takes only its own color, whose nodes the
		 * purification marked (all but the purifying node, whose option
		 * is forced already).
		 */
		if (p->color && p->color[i] != 0 && p->color[q] != -1)
			return DLX_ERR_CONFLICT;
	}
	/*
	 * An option whose items all have colors leaves its own nodes marked,
	 * not hidden, so the test above would let it be forced twice.
	 */
	for (size_t k = 0; p->color && k < p->n_forced; k++)
		if (p->forced[k] == x)
			return DLX_ERR_CONFLICT;
	/*
	 * No item of the option is covered or purified with another color, so
	 * no cover or purification hid the option: forcing it is exactly the
	 * search choosing it.
	 */
	int r = dlx__grow((void **)&p->forced, &p->cap_forced, p->n_forced + 1, sizeof *p->forced, INT32_MAX);
	if (r)
		return r;
	commit_option(p, x, updates, left, track);
	p->forced[p->n_forced++] = x;
	return DLX_OK;
}

int dlx_force_option(dlx_problem *p, size_t opt)
{
	if (p && (p->iterating || dlx__bounded(p)))
		return DLX_ERR_STATE;
	/* Another tree: the last search's checkpoint is no longer this problem's. */
	if (p)
		p->ck_armed = false;
	return force_one(p, opt, p ? &p->forced_updates : NULL, NULL, false);
}

int dlx__force_path(dlx_problem *p, const size_t *opts, size_t n, uint64_t *updates)
{
	for (size_t k = 0; k < n; k++) {
		int rc = force_one(p, opts[k], updates, NULL, false);
		if (rc)
			return rc;
	}
	return DLX_OK;
}

int dlx__force_probe(dlx_problem *p, size_t opt, uint64_t *updates, bool *emptied)
{
	int32_t least = INT32_MAX;
	int rc = force_one(p, opt, updates, &least, false);
	*emptied = least == 0;
	return rc;
}

int dlx__force_child(dlx_problem *p, int32_t x, uint64_t *updates, int32_t *least, bool track)
{
	/*
	 * x is a node of a live option of the probed node's item: every item
	 * of its option is open (a probe's path is a path of the search), so
	 * none of force_one()'s checks can fail, and the one for colors reads
	 * every forced option: quadratic along a probe.
	 */
	int r = dlx__grow((void **)&p->forced, &p->cap_forced, p->n_forced + 1, sizeof *p->forced, INT32_MAX);
	if (r)
		return r;
	x = p->opt_start[dlx__option_of_node(p, x)];
	commit_option(p, x, updates, least, track);
	p->forced[p->n_forced++] = x;
	return DLX_OK;
}

/* Copies the current links, with nothing forced, into p->snap; on failure there is none. */
static void snapshot_take(dlx_problem *p)
{
	int32_t *live[LIVE_ARRAYS];
	size_t n[LIVE_ARRAYS], total = 0;
	live_arrays(p, live, n);
	for (int k = 0; k < LIVE_ARRAYS; k++)
		total += n[k];
	struct snapshot *sn = calloc(1, sizeof *sn);
	int32_t *block = malloc(total * sizeof *block);
	if (!sn || !block) {
		free(sn);
		free(block);
		return;
	}
	sn->block = block;
	for (int k = 0; k < LIVE_ARRAYS; k++) {
		sn->copy[k] = n[k] ? block : NULL;
		if (n[k])
			memcpy(block, live[k], n[k] * sizeof *block);
		block += n[k];
	}
	sn->n_act_p = p->n_act_p;
	sn->n_act_s = p->n_act_s;
	p->snap = sn;
}

static void snapshot_restore(dlx_problem *p)
{
	const struct snapshot *sn = p->snap;
	int32_t *live[LIVE_ARRAYS];
	size_t n[LIVE_ARRAYS];
	live_arrays(p, live, n);
	for (int k = 0; k < LIVE_ARRAYS; k++)
		if (n[k])
			memcpy(live[k], sn->copy[k], n[k] * sizeof *live[k]);
	p->n_act_p = sn->n_act_p;
	p->n_act_s = sn->n_act_s;
}

void dlx_release_forced(dlx_problem *p)
{
	if (!p || !p->n_forced || p->iterating)
		return;
	p->ck_armed = false;
	/*
	 * Uncovering costs about as much as the covering did; a copy costs
	 * about a byte of memcpy per byte of links, some 30 times cheaper per
	 * node.  So copy when the forced options touched more than a few
	 * percent of the nodes.
	 */
	bool copy_cheaper = p->forced_updates * 16 > p->n_nodes + p->n_items;
	if (p->snap) {
		snapshot_restore(p);
		p->n_forced = 0;
	} else {
		dlx__release_to(p, 0);
		if (copy_cheaper && p->n_nodes <= SNAPSHOT_MAX_NODES)
			snapshot_take(p);
	}
	p->forced_updates = 0;
}

void dlx__release_to(dlx_problem *p, size_t keep)
{
	while (p->n_forced > keep)
		uncommit_option(p, p->forced[--p->n_forced], false);
}

void dlx__release_probe(dlx_problem *p, size_t keep, bool track)
{
	while (p->n_forced > keep)
		uncommit_option(p, p->forced[--p->n_forced], track);
}
