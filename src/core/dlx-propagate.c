/*
 * Propagation at the search's branch nodes: the subsumption rule.
 *
 * If every option still open for primary item a also covers item b, then
 * whichever option covers a covers b too, so an option of b that does not
 * cover a is in no solution below the node: it can go (a "subsumes" b).
 * On sudoku this is the locked-candidates technique (a box-digit item
 * whose cells all lie in one row subsumes that row-digit item: the digit
 * leaves the rest of the row, and the other way round).  On large boards
 * with few givens plain dancing links guesses among options that this rule
 * would have removed, and the rule cuts its nodes by one or two orders of
 * magnitude on many of them (BENCHMARKS.md).
 *
 * A pass looks at the active primary items with two or more options whose
 * options changed since the last pass above it on the path (all of them at
 * the first); its cost is the number of nodes of their options, far more
 * than a node of the plain search, which is why it is a problem's setting
 * (dlx_set_propagation()) and runs only where the search would branch.
 * Which items changed it learns from the covers and removals since that
 * pass, not from a look at every item: on a path of n / 2 two-way choices
 * (a 1 x n strip of dominoes and singles) that look made the first
 * solution quadratic, 43 s at n = 2 x 10^5.
 *
 * Removing an option is what a cover does to each option of the covered
 * item (hide() in dlx-links.h), plus taking its node out of b's list; the
 * trail records the removed nodes so that they are put back in the reverse
 * order, interleaved correctly with the covers of the levels around them.
 *
 * Colors: an option that gives b a color does not exclude b's options of
 * the same color, so an item that any of a's options colors is never
 * taken as subsumed.  An uncolored node covers its secondary item, which
 * excludes every other option of it: such items are subsumed like primary
 * ones.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-heap.h"
#include "dlx-internal.h"
#include "dlx-links.h"

/* Whether the option of node y has a node in item a. */
static bool option_covers(struct dlx_nodes nd, int32_t y, int32_t a)
{
	for (int32_t q = y + 1; q != y;) {
		if (nd.top[q] <= 0) {
			q = nd.up[q];
			continue;
		}
		if (nd.top[q] == a)
			return true;
		q++;
	}
	return false;
}

/*
 * Whether the pass can skip item a at a node of level `level`: a pass at
 * this node or above it on the path saw a with the options it has now
 * (options only go as the search goes down, so the same len is the same
 * set), so whatever a subsumes was removed then and is still removed.
 */
static bool seen_already(const dlx_problem *p, int32_t a, uint32_t level)
{
	uint32_t l = p->seen_level[a];
	return !p->prop_full && p->seen_len[a] == p->len[a] && l <= level && p->epoch[l] == p->seen_epoch[a];
}

static inline bool cand_before(const int32_t *a, const int32_t *b)
{
	return *a < *b;
}

DLX_HEAP_DEFINE(cand_heap, int32_t, cand_before)

/* Item b joins the items the pass looks at (once a pass: cand_seen), unless covered: look_at() would skip it. */
static inline void cand_push(dlx_problem *p, int32_t b, size_t *n)
{
	DLX_COUNT_SCAN(p, 1);
	if (b > p->np || p->len[b] >= DLX_COVERED || p->cand_seen[b] == p->cand_stamp)
		return;
	p->cand_seen[b] = p->cand_stamp;
	p->cand[*n] = b;
	cand_heap_up(p->cand, (*n)++);
}

/*
 * The items of the option of node y (y's own too) that come after item
 * `after` (0: all) join the pass's; *work counts the nodes read.
 */
static inline void cand_push_option(dlx_problem *p, int32_t y, int32_t after, size_t *n, uint64_t *work)
{
	const struct dlx_nodes nd = p->node;
	int32_t q = y;
	do {
		int32_t b = nd.top[q];
		if (b > after)
			cand_push(p, b, n);
		(*work)++;
		q++;
		if (nd.top[q] <= 0)
			q = nd.up[q];
	} while (q != y);
}

/*
 * The items whose options may have changed since the last pass above this
 * node on the path (or the last pass at it): the items of the options the
 * passes since then removed (the trail from where that pass began), and
 * of the options the covers of the levels since hid (each covered item's
 * list still holds them; a purified item's holds them with the ones it
 * kept: more items than changed, never fewer).  Every other item has the
 * options a pass saw, and looking at it again removes nothing: whatever it
 * subsumed went then, and its options are the subsumed items' too.  False
 * when there was no such pass, or when the walk grew past half the active
 * primary items (a long forced path since): then the pass looks at all.
 */
static bool changed_items(dlx_problem *p, uint32_t level, size_t *n)
{
	const struct dlx_nodes nd = p->node;
	/*
	 * Past half the active primary items, looking at every item costs less
	 * than finding the changed ones (callgrind, --propagate: pentominoes
	 * 3x20 +1.3%, 9x9 sudoku -1.7% against looking at all; 4 x n_act_p made
	 * the pentominoes +5%).
	 */
	const uint64_t budget = (uint64_t)p->n_act_p / 2 + 16;
	uint64_t work = 0;
	size_t from;
	*n = 0;
	if (p->passed[level]) {
		from = p->pass_from[level];
	} else {
		uint32_t l = level;
		do {
			if (l == 0)
				return false;
			const int32_t x = p->choice[--l];
			int32_t q = x;
			do {
				const int32_t c = nd.top[q];
				for (int32_t o = nd.down[c]; o != c; o = nd.down[o]) {
					DLX_COUNT_SCAN(p, 1);
					if (o != q)
						cand_push_option(p, o, 0, n, &work);
					if (++work > budget)
						return false;
				}
				q++;
				if (nd.top[q] <= 0)
					q = nd.up[q];
			} while (q != x);
		} while (!p->passed[l]);
		from = p->prop_start[l];
	}
	for (size_t t = from; t < p->n_trail; t++) {
		cand_push_option(p, p->trail[t], 0, n, &work);
		if (work > budget)
			return false;
	}
	return true;
}

/* Looks at item a: removes the options of the items a subsumes.  -1 at a dead end, else how many went. */
static ALWAYS_INLINE int look_at(dlx_problem *p, int32_t a, uint32_t level, uint64_t *updates, size_t *queued,
				 const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	const int32_t *len = p->len;
	const int32_t *color = p->color;
	uint32_t *seen = p->sub_seen;
	int32_t *count = p->sub_count;
	const int32_t la = len[a];
	if (la < 2 || la >= DLX_COVERED || seen_already(p, a, level))
		return 0;
	int removed = 0;
	p->seen_len[a] = la;
	p->seen_level[a] = level;
	p->seen_epoch[a] = p->epoch[level];
	uint32_t stamp = ++p->sub_stamp;
	if (stamp == 0) {
		memset(seen, 0, (p->n_items + 1) * sizeof *seen);
		stamp = p->sub_stamp = 1;
	}
	/* count[b]: how many of a's options cover b (negative once one colors it). */
	for (int32_t o = nd.down[a]; o != a; o = nd.down[o]) {
		for (int32_t q = o + 1; q != o;) {
			int32_t b = nd.top[q];
			if (b <= 0) {
				q = nd.up[q];
				continue;
			}
			if (seen[b] != stamp) {
				seen[b] = stamp;
				count[b] = 0;
			}
			count[b] = colors && color[q] ? INT32_MIN : count[b] + 1;
			q++;
		}
	}
	/* The subsumed items are among the first option's. */
	const int32_t first = nd.down[a];
	for (int32_t q = first + 1; q != first;) {
		int32_t b = nd.top[q];
		if (b <= 0) {
			q = nd.up[q];
			continue;
		}
		q++;
		int32_t lb = len[b] - (b > p->np ? DLX_SECONDARY : 0);
		if (count[b] != la || lb == la || len[b] >= DLX_COVERED)
			continue;
		for (int32_t y = nd.down[b]; y != b;) {
			int32_t next = nd.down[y];
			if (!option_covers(nd, y, a)) {
				removed++;
				p->trail[p->n_trail++] = y;
				if (remove_option(p, y, updates, track, colors))
					return -1;
				/* Its items after a lost an option: the whole pass would look at them next. */
				if (queued) {
					uint64_t read = 0;
					cand_push_option(p, y, a, queued, &read);
				}
			}
			y = next;
		}
	}
	return removed;
}

static SPECIALIZED int subsume_impl(dlx_problem *p, uint32_t level, uint64_t *updates, const bool track,
				      const bool colors)
{
	int removed = 0;
	size_t n = 0;
	if (++p->cand_stamp == 0) {
		memset(p->cand_seen, 0, (p->n_primary + 1) * sizeof *p->cand_seen);
		p->cand_stamp = 1;
	}
	const bool some = !p->prop_full && changed_items(p, level, &n);
	p->passed[level] = true;
	p->pass_from[level] = p->n_trail;
	if (some) {
		/* In item order, as the whole pass below: the items it pushes are after the one it looks at. */
		while (n > 0) {
			int32_t a = p->cand[0];
			cand_heap_pop(p->cand, &n);
			int r = look_at(p, a, level, updates, &n, track, colors);
			if (r < 0)
				return -1;
			removed += r;
		}
		return removed;
	}
	/*
	 * Every primary item before scan_from is covered but for those of
	 * skipped[] (see choose_item() in dlx-links.h), which a wide problem's
	 * scans move past (search_wide() in dlx-search.c): those first, then
	 * the rest, in item order.  Passing over skipped[] made the pass remove
	 * fewer options on a problem of 8,193 items (a review's reproducer):
	 * the same solutions, one node more.
	 */
	const int32_t n_skipped = p->n_skipped, n_pass = n_skipped + (p->np - p->scan_from + 1);
	for (int32_t e = 0; e < n_pass; e++) {
		const int32_t a = e < n_skipped ? p->skipped[e] : p->scan_from + (e - n_skipped);
		DLX_COUNT_SCAN(p, 1);
		int r = look_at(p, a, level, updates, NULL, track, colors);
		if (r < 0)
			return -1;
		removed += r;
	}
	return removed;
}

/* A propagating search keeps the low bytes, whatever p->track says (see search() in dlx-search.c). */
int dlx__subsume(dlx_problem *p, size_t level, uint64_t *updates)
{
	return p->color ? subsume_impl(p, (uint32_t)level, updates, true, true)
			: subsume_impl(p, (uint32_t)level, updates, true, false);
}

void dlx__unsubsume(dlx_problem *p, size_t keep)
{
	while (p->n_trail > keep) {
		int32_t y = p->trail[--p->n_trail];
		if (p->color)
			restore_option(p, y, true, true);
		else
			restore_option(p, y, true, false);
	}
}

int dlx__propagation_ready(dlx_problem *p)
{
	/* Options may have been added since the last search: an option is on the trail at most once. */
	if (p->trail && p->cap_trail < p->n_options + 1)
		dlx__propagation_free(p);
	if (!p->trail) {
		p->cap_trail = p->n_options + 1;
		p->trail = malloc(p->cap_trail * sizeof *p->trail);
		p->sub_seen = calloc(p->n_items + 1, sizeof *p->sub_seen);
		p->sub_count = malloc((p->n_items + 1) * sizeof *p->sub_count);
		p->prop_start = malloc((p->n_primary + 1) * sizeof *p->prop_start);
		p->seen_len = malloc((p->n_primary + 1) * sizeof *p->seen_len);
		p->seen_level = malloc((p->n_primary + 1) * sizeof *p->seen_level);
		p->seen_epoch = malloc((p->n_primary + 1) * sizeof *p->seen_epoch);
		p->epoch = malloc((p->n_primary + 1) * sizeof *p->epoch);
		p->passed = malloc((p->n_primary + 1) * sizeof *p->passed);
		p->pass_from = malloc((p->n_primary + 1) * sizeof *p->pass_from);
		p->cand_seen = calloc(p->n_primary + 1, sizeof *p->cand_seen);
		p->cand = malloc((p->n_primary + 1) * sizeof *p->cand);
		p->cand_stamp = 0;
		p->sub_stamp = 0;
		p->n_trail = 0;
		if (!p->trail || !p->sub_seen || !p->sub_count || !p->prop_start || !p->seen_len || !p->seen_level ||
		    !p->seen_epoch || !p->epoch || !p->passed || !p->pass_from || !p->cand_seen || !p->cand) {
			dlx__propagation_free(p);
			return DLX_ERR_NOMEM;
		}
	}
	/* A new search: nothing seen yet (len is never -1). */
	for (size_t a = 0; a <= p->n_primary; a++) {
		p->seen_len[a] = -1;
		p->epoch[a] = 0;
	}
	return DLX_OK;
}

void dlx__propagation_free(dlx_problem *p)
{
	free(p->trail);
	free(p->sub_seen);
	free(p->sub_count);
	free(p->prop_start);
	free(p->seen_len);
	free(p->seen_level);
	free(p->seen_epoch);
	free(p->epoch);
	free(p->passed);
	free(p->pass_from);
	free(p->cand_seen);
	free(p->cand);
	p->passed = NULL;
	p->pass_from = NULL;
	p->cand_seen = NULL;
	p->cand = NULL;
	p->seen_len = NULL;
	p->seen_level = NULL;
	p->seen_epoch = p->epoch = NULL;
	p->trail = NULL;
	p->sub_seen = NULL;
	p->sub_count = NULL;
	p->prop_start = NULL;
}

void dlx__set_full_passes(dlx_problem *p, bool full)
{
	p->prop_full = full;
}

int dlx_set_propagation(dlx_problem *p, dlx_propagation mode)
{
	if (!p || (mode != DLX_PROPAGATE_NONE && mode != DLX_PROPAGATE_SUBSUME))
		return DLX_ERR_INVALID;
	/* A pull search half-way would resume in the other mode's loop, with the other mode's undo. */
	if (p->iterating)
		return DLX_ERR_STATE;
	p->propagate = mode == DLX_PROPAGATE_SUBSUME;
	p->ck_armed = false;
	return DLX_OK;
}

dlx_propagation dlx_get_propagation(const dlx_problem *p)
{
	return p && p->propagate ? DLX_PROPAGATE_SUBSUME : DLX_PROPAGATE_NONE;
}
