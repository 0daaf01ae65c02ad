/*
 * The search: Knuth's Algorithm X over the links of dlx-links.h, the
 * heuristic that chooses its items, the walk of the top of its tree that
 * dlx-cut.c cuts into jobs, and the search of a job (a run of a node's
 * children) that dlx-split.c's workers make.  Every function the search's loop calls
 * is static, in dlx-links.h or in this file, so that the compiler sees
 * them all: the loop compiles into one routine (search_impl(), a copy per
 * combination of its flags) whose only calls across files are the user's
 * callbacks.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-links.h"

/* The option that node x belongs to: walk right to the spacer that ends it. */
static size_t option_of(struct dlx_nodes nd, int32_t x)
{
	while (nd.top[x] > 0)
		x++;
	return (size_t)(-(int64_t)nd.top[x] - 1);
}

/*
 * Knuth's estimate of the fraction of the tree done: at each level the
 * options already tried, weighted by the share of the tree that level's
 * node stands for (the product of 1/len of the levels above).  It reads the
 * whole path and, at each level, the options tried there; *cost gets how
 * many it read.  So the search computes it again only once as many nodes
 * as that have passed (see search_impl()): a chain of forced moves, or an
 * item with millions of options, would otherwise make every poll as long
 * as the path or the list, and the search quadratic.
 */
static double progress_of(const dlx_problem *p, size_t level, uint64_t *cost)
{
	const struct dlx_nodes nd = p->node;
	double done = 0, share = 1;
	uint64_t reads = level;
	for (size_t l = 0; l < level; l++) {
		int32_t x = p->choice[l], i = nd.top[x], tried = 0;
		DLX_COUNT_SCAN(p, 1);
		if (p->lens[l] == 1)
			continue;
		for (int32_t y = nd.down[i]; y != x; y = nd.down[y])
			tried++;
		DLX_COUNT_SCAN(p, tried);
		reads += (uint64_t)tried;
		done += share * tried / p->lens[l];
		share /= p->lens[l];
	}
	*cost = reads;
	return done;
}

/* Hands the node at `level`, entered as the nodes'th, to a walk's sink. */
static int hand_leaf(dlx_problem *p, struct dlx__leaf_sink *sink, size_t level, uint64_t nodes)
{
	size_t *sol = p->sol + p->n_forced;
	struct dlx__leaf lf = { sol, level, level ? p->choice[level - 1] : 0, nodes, 1, 1.0 };
	for (size_t k = 0; k < level; k++) {
		sol[k] = option_of(p->node, p->choice[k]);
		lf.share /= p->lens[k];
		uint64_t l = (uint64_t)p->lens[k];
		lf.inverse_share = lf.inverse_share > UINT64_MAX / l ? UINT64_MAX : lf.inverse_share * l;
	}
	if (level == sink->depth && p->n_act_p != 0)
		sink->deeper = true;
	return sink->add(sink, &lf);
}

/*
 * A pull search (dlx_iter_*): search_impl()'s state between two solutions.
 * The stack (choice, lens) stays in the problem; these are the loop's
 * locals that are not derived from the problem or the parameters.
 */
struct dlx_iter {
	dlx_problem *p;
	dlx_search_params params;
	dlx_stats stats;        /* the counters so far; the search's own at the end */
	enum { ITER_NEW, ITER_PAUSED, ITER_DONE } state;
	bool abort;             /* set by dlx_iter_free(): unwind instead of going on */
	bool at_solution;       /* the last re-entry returned at a solution */
	int rc;                 /* the search's return once done */
	size_t level;
	uint64_t progress_next;
	uint32_t poll_left;
	struct dlx__miter *m;   /* a bounded problem's: Algorithm M's own pull search (dlx-search-m.c) */
};

/*
 * Algorithm X.  A walk (`walk`, with a leaf sink) hands the nodes at depth
 * sink->depth and the solutions above it to the sink instead of searching
 * or counting them: that is how a search is cut into jobs (dlx-cut.c).
 * A pull search (`pull`, with its iterator) returns at each solution
 * instead of calling on_solution, its locals saved in `it`, and is
 * re-entered there, where the solution's node goes on.
 *
 * One routine, longer than the rest, on purpose: it is the hot loop.  Its
 * steps (Knuth's X2, X5 and X8) jump to one another and share the level,
 * the stack and the counters, which stay in registers only while they are
 * one function; cut into calls, every node would pass them through memory.
 */
static SPECIALIZED int search_impl(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats,
				      struct dlx__leaf_sink *sink, const dlx_stats *start, const bool walk,
				      const bool track, const bool skip, const bool colors, const bool prop, const bool pull,
				      struct dlx_iter *it, const bool resume, const struct dlx__replay *rp)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (stats)
		*stats = st;
	if (!p)
		return DLX_ERR_INVALID;
	if (!params)
		params = &defaults;
	/* Nothing to checkpoint until a poll or an early stop says where the search stands. */
	if (!walk && !pull)
		p->ck_where = DLX_CK_NONE;

	/* Each level covers at least one primary item, so n_primary bounds the depth. */
	size_t depth = p->n_primary + 1;
	if (!p->choice)
		p->choice = malloc(depth * sizeof *p->choice);
	if (!p->lens)
		p->lens = malloc(depth * sizeof *p->lens);
	if (!p->calm)
		p->calm = malloc(depth);
	if (!p->scan_at)
		p->scan_at = malloc(depth * sizeof *p->scan_at);
	if (p->choice && depth + p->n_forced > p->cap_sol) {
		free(p->sol);
		p->cap_sol = depth + p->n_forced;
		p->sol = malloc(p->cap_sol * sizeof *p->sol);
	}
	/*
	 * A pull search re-entered is half-way: the low bytes, the scans' start
	 * and propagation's record of what its passes saw are its own (nothing
	 * may change the problem between two dlx_iter_next()).
	 */
	const bool resuming = pull && it->state == ITER_PAUSED;
	if (!p->choice || !p->lens || !p->calm || !p->scan_at || !p->sol || (prop && !resuming && dlx__propagation_ready(p))) {
		p->cap_sol = 0;
		if (stats)
			stats->stop = DLX_STOP_ERROR;
		return DLX_ERR_NOMEM;
	}
	if (track && !resuming)
		low_rebuild(p);
	int32_t *choice = p->choice, *lens = p->lens;
	uint8_t *calm = p->calm;
	struct dlx__scan_mark *scan_at = p->scan_at;
	/*
	 * Whether the node entered next is known to have no primary item of
	 * fewer than two options: its parent had none after covering its item
	 * (calm[]), and the commits of the option chosen there left none.  Its
	 * choice then reads no low byte (see choose_item()); along a path of
	 * two-way choices every byte would be read at every node.
	 */
	bool calm_next = false;
	size_t *sol = p->sol;
	/* choose_item()'s scans start past the items the forced options covered (see scan_from). */
	if (!resuming)
		scan_reset(p);
	uint64_t progress_next = 0; /* the nodes from which st.progress is computed again */
	for (size_t k = 0; k < p->n_forced; k++)
		sol[k] = option_of(p->node, p->forced[k]);

	const struct dlx_nodes nd = p->node;
	const int32_t *len = p->len;
	const uint64_t sol_limit = params->solution_limit;
	const uint64_t node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	uint32_t poll_left = poll_every;
	if (p->poll_first) {
		poll_left = p->poll_first < poll_every ? p->poll_first : poll_every;
		p->poll_first = 0;
	}
	/* One level's covers update fewer links than the matrix has nodes and items. */
	const uint64_t update_room = UINT64_MAX - (uint64_t)p->n_nodes - (uint64_t)p->n_items - 2;
	int rc = DLX_OK;
	uint64_t updates = 0, nodes = 0, solutions = 0, branches = 0;
	if (start) {
		updates = start->updates;
		nodes = start->nodes;
		solutions = start->solutions;
		branches = start->branches;
	}
	size_t level = 0;
	int32_t i, x;
	/*
	 * A resumed search (dlx-checkpoint.c) first walks down the saved path
	 * without counting, then takes the saved counters and goes on at the
	 * node it was about to enter.  Only its own copies have this flag.
	 */
	bool replaying = resume && rp->depth > 0;
	if (resume && !replaying) {
		updates = rp->at.updates, nodes = rp->at.nodes, solutions = rp->at.solutions;
		branches = rp->at.branches, st.max_level = rp->at.max_level;
	}
	/*
	 * A pull search re-entered goes on at its solution's node, entering
	 * the loop at x2 as every search does, and the test there is marked
	 * unlikely: the plain searches' copies never take either path, yet
	 * a jump into the middle of the loop from here made them 3-5% slower
	 * (callgrind, dlx-sudoku --unique), and an unmarked test 1%.
	 */
	bool paused = resuming;
	if (resuming) {
		level = it->level;
		st.max_level = start->max_level;
		poll_left = it->poll_left;
		progress_next = it->progress_next;
	}

x2:	/* Enter a new search node. */
	if (pull && __builtin_expect(paused, 0)) {
		paused = false;
		if (it->abort) {
			st.stop = DLX_STOP_CALLBACK;
			goto unwind;
		}
		/* Where the solution's node went on: its limit, then X8. */
		if (sol_limit && solutions >= sol_limit) {
			st.stop = DLX_STOP_LIMIT;
			goto unwind;
		}
		goto x8;
	}
	if (resume && __builtin_expect(replaying, 0)) {
		if (level < rp->depth) {
			/* A solution or a dead end is no node to go down from: not this problem's path. */
			if (!p->n_act_p)
				goto replay_bad;
			goto x3;
		}
		replaying = false;
		updates = rp->at.updates, nodes = rp->at.nodes, solutions = rp->at.solutions;
		branches = rp->at.branches, st.max_level = rp->at.max_level;
	}
	if (nodes == UINT64_MAX || branches == UINT64_MAX || updates > update_room) {
		rc = DLX_ERR_OVERFLOW;
		st.stop = DLX_STOP_ERROR;
		goto unwind;
	}
	/* A search that needs exactly node_limit nodes completes. */
	if (node_limit && nodes >= node_limit) {
		st.stop = DLX_STOP_NODE_LIMIT;
		goto unwind;
	}
	nodes++;
	if (level > st.max_level)
		st.max_level = (uint32_t)level;
	if (params->on_poll && --poll_left == 0) {
		poll_left = poll_every;
		st.solutions = solutions, st.nodes = nodes, st.updates = updates, st.branches = branches;
		/* A poll may reuse the last estimate: the nodes since pay for computing it. */
		if (nodes >= progress_next) {
			uint64_t cost;
			st.progress = progress_of(p, level, &cost);
			progress_next = nodes + cost;
		}
		/* The poll may save the search (dlx_checkpoint_save()): the path to this node is choice[0..level). */
		if (!walk && !pull)
			p->ck_where = DLX_CK_ENTERED, p->ck_level = (uint32_t)level, p->ck_at = st;
		if (params->on_poll(params->poll_ctx, &st)) {
			st.stop = DLX_STOP_POLL;
			goto unwind;
		}
		if (!walk && !pull)
			p->ck_where = DLX_CK_NONE;
	}
	if (walk && (level == sink->depth || p->n_act_p == 0)) {
		rc = hand_leaf(p, sink, level, nodes);
		if (rc) {
			st.stop = DLX_STOP_ERROR;
			goto unwind;
		}
		goto x8;
	}
	if (p->n_act_p == 0) {
		if (solutions == UINT64_MAX) {
			rc = DLX_ERR_OVERFLOW;
			st.stop = DLX_STOP_ERROR;
			goto unwind;
		}
		solutions++;
		if (pull) {
			for (size_t k = 0; k < level; k++)
				sol[p->n_forced + k] = option_of(nd, choice[k]);
			it->level = level;
			it->poll_left = poll_left;
			it->progress_next = progress_next;
			it->state = ITER_PAUSED;
			it->at_solution = true;
			st.solutions = solutions, st.nodes = nodes, st.updates = updates, st.branches = branches;
			*stats = st;
			return DLX_OK;
		}
		if (params->on_solution) {
			for (size_t k = 0; k < level; k++)
				sol[p->n_forced + k] = option_of(nd, choice[k]);
			if (params->on_solution(params->solution_ctx, sol, p->n_forced + level)) {
				st.stop = DLX_STOP_CALLBACK;
				goto unwind;
			}
		}
		if (sol_limit && solutions >= sol_limit) {
			st.stop = DLX_STOP_LIMIT;
			goto unwind;
		}
		goto x8;
	}
	/*
	 * Below the root no primary item is ever empty here: the covers that
	 * would empty one are undone at once (below).  At the root a forced
	 * option may have emptied one.
	 */
x3:
	i = choose_item(p, level == 0, level, track, skip, track && calm_next);
	if (prop) {
		/* Deduce only where the search would guess: a forced move is cheaper than a pass. */
		p->prop_start[level] = p->n_trail;
		p->epoch[level]++;
		p->passed[level] = false;
		int removed = 0;
		while (len[i] >= 2 && (removed = dlx__subsume(p, level, &updates)) > 0)
			i = choose_item(p, false, level, track, skip, false);
		if (removed < 0) {
			dlx__unsubsume(p, p->prop_start[level]);
			if (resume && replaying)
				goto replay_bad;
			goto x8;
		}
	}
	lens[level] = len[i];
	if (track)
		scan_at[level] = scan_mark(p);
	branches += len[i] > 1;
	mark(p, i, track);
	{
		/*
		 * Covering i may empty other items: that need not be a dead end
		 * (an option of i may cover them).  lens[level] is the least of
		 * the node's lens (the choice's rule).
		 */
		int32_t least = lens[level];
		updates += cover(p, i, &least, track, colors);
		if (track)
			calm[level] = least >= 2;
	}
	x = nd.down[i];
	if (resume && __builtin_expect(replaying, 0)) {
		/* The saved option of the saved item, which must be a choice the search would enter. */
		if (rp->item[level] != (uint32_t)(i - 1))
			goto replay_uncover;
		while (x != i && option_of(nd, x) != rp->option[level])
			x = nd.down[x];
		if (x == i)
			goto replay_uncover;
		mark_rest(p, x, track, colors);
		int32_t least = INT32_MAX;
		int32_t last = commit_rest_until_empty(p, x, &updates, &least, track, colors);
		if (last) {
			uncommit_back(p, x, last, track, colors);
			unmark_rest(p, x, track, colors);
			goto replay_uncover;
		}
		calm_next = false;
		choice[level++] = x;
		goto x2;
	}
x5:	/* Try option x, or backtrack when item i's options are exhausted. */
	if (x == i) {
		uncover(p, i, track, colors);
		unmark(p, i, track);
		if (prop)
			dlx__unsubsume(p, p->prop_start[level]);
		goto x8;
	}
	{
		/*
		 * A choice that empties a primary item it does not cover is a
		 * dead end: Knuth's dancing cells give up on it as soon as that
		 * happens, and so does this, without entering the node.  On
		 * pentominoes two thirds of the nodes were such dead ends.
		 */
		mark_rest(p, x, track, colors);
		int32_t least = INT32_MAX;
		int32_t last = commit_rest_until_empty(p, x, &updates, &least, track, colors);
		if (last) {
			uncommit_back(p, x, last, track, colors);
			unmark_rest(p, x, track, colors);
			x = nd.down[x];
			goto x5;
		}
		if (track)
			calm_next = calm[level] && least >= 2;
	}
	choice[level++] = x;
	goto x2;

x8:	/* Leave the current level and try the next option there. */
	if (level == 0)
		goto done;
	x = choice[--level];
	uncommit_rest(p, x, track, colors);
	unmark_rest(p, x, track, colors);
	if (track && level < p->scan_level)
		scan_back(p, scan_at[level], level);
	i = nd.top[x];
	x = nd.down[x];
	goto x5;

replay_uncover:	/* A saved path that is not this problem's: undo this level's cover, then the levels above. */
	if (resume) {
		uncover(p, i, track, colors);
		unmark(p, i, track);
		if (prop)
			dlx__unsubsume(p, p->prop_start[level]);
	}
replay_bad:
	if (resume) {
		rc = DLX_ERR_INVALID;
		st.stop = DLX_STOP_ERROR;
	}

unwind:	/* Stopped early: undo every level's covers so the problem is as before. */
	if (!walk && !pull) {
		/*
		 * A poll's stop came at a node it had entered; the node limit's
		 * before entering one: both leave the path in choice[] for
		 * dlx_checkpoint_save().  Other stops are no place to go on from.
		 */
		p->ck_where = st.stop == DLX_STOP_POLL ? DLX_CK_ENTERED
			    : st.stop == DLX_STOP_NODE_LIMIT ? DLX_CK_BEFORE : DLX_CK_NONE;
		p->ck_level = (uint32_t)level;
	}
	uint64_t unwind_cost;
	st.progress = progress_of(p, level, &unwind_cost);
	while (level > 0) {
		x = choice[--level];
		uncommit_rest(p, x, track, colors);
		unmark_rest(p, x, track, colors);
		uncover(p, nd.top[x], track, colors);
		unmark(p, nd.top[x], track);
		/* The stop came on entering a node, before the level below this one propagated. */
		if (prop)
			dlx__unsubsume(p, p->prop_start[level]);
	}
done:
	st.solutions = solutions;
	st.nodes = nodes;
	st.updates = updates;
	st.branches = branches;
	if (st.stop == DLX_STOP_COMPLETE)
		st.progress = 1.0;
	if (!walk && !pull && p->ck_where != DLX_CK_NONE)
		p->ck_at = st;
	if (stats)
		*stats = st;
	return rc;
}

/*
 * Past this many primary items the searches that keep the low bytes move
 * their scans' start past open items too (choose_item_skipping()): a chain
 * of forced moves behind an item that stays open was read again at every
 * node, n^2 / 8 words for n items (`dlx -c` on 4 x 10^5: 13.5 s).  Below
 * this that is under 8.4 million words, a few milliseconds.
 */
#define WIDE_PRIMARY 8192

/*
 * The copies of the search for wide problems: the same loop, its scans
 * skipping open items.  A function of their own, chosen before
 * search_narrow() is entered: the same test in the dispatcher that inlines
 * the other copies made gcc allocate its registers anew, and those copies
 * took 3.2-4.4% more instructions on queens 10, Langford 10 and pentominoes
 * 3x20 (1-2% with the skipping code in their loop, as stop 37 found).
 */
static __attribute__((noinline)) int search_wide(dlx_problem *p, const dlx_search_params *params,
						 dlx_stats *stats, const dlx_stats *start)
{
	if (p->propagate)
		return p->color ? search_impl(p, params, stats, NULL, start, false, true, true, true, true, false, NULL, false, NULL)
				: search_impl(p, params, stats, NULL, start, false, true, true, false, true, false, NULL, false, NULL);
	return p->color ? search_impl(p, params, stats, NULL, start, false, true, true, true, false, false, NULL, false, NULL)
			: search_impl(p, params, stats, NULL, start, false, true, true, false, false, false, NULL, false, NULL);
}

/*
 * The copies of the search: one per combination of its flags, so that each
 * has only the tests it needs in its loop.  A walk keeps the low bytes
 * whatever the problem's shape (both ways choose the same items), so that
 * it needs only two copies of its own; the searches have no leaf test at all.
 */
static __attribute__((noinline)) int search_narrow(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats,
		  struct dlx__leaf_sink *sink, const dlx_stats *start)
{
	if (sink)
		return p && p->color ? search_impl(p, params, stats, sink, start, true, true, false, true, false, false, NULL, false, NULL)
				     : search_impl(p, params, stats, sink, start, true, true, false, false, false, false, NULL, false, NULL);
	if (p && p->propagate) {
		/* Propagation's passes dwarf the heuristic's scans: one copy per coloring, with the low bytes. */
		return p->color ? search_impl(p, params, stats, NULL, start, false, true, false, true, true, false, NULL, false, NULL)
				: search_impl(p, params, stats, NULL, start, false, true, false, false, true, false, NULL, false, NULL);
	}
	if (p && p->color)
		return p->track ? search_impl(p, params, stats, NULL, start, false, true, false, true, false, false, NULL, false, NULL)
				: search_impl(p, params, stats, NULL, start, false, false, false, true, false, false, NULL, false, NULL);
	if (p && p->track)
		return search_impl(p, params, stats, NULL, start, false, true, false, false, false, false, NULL, false, NULL);
	return search_impl(p, params, stats, NULL, start, false, false, false, false, false, false, NULL, false, NULL);
}

static int search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats,
		  struct dlx__leaf_sink *sink, const dlx_stats *start)
{
	if (!sink && p && (p->track || p->propagate) && p->np > WIDE_PRIMARY)
		return search_wide(p, params, stats, start);
	return search_narrow(p, params, stats, sink, start);
}

int dlx_search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats)
{
	if (p && p->iterating)
		return DLX_ERR_STATE;
	/* Only dlx_search_resume() knows the fingerprint a checkpoint needs. */
	if (p)
		p->ck_armed = false;
	if (p && __builtin_expect(p->mult != NULL, 0) && dlx__bounded(p))
		return dlx__search_m(p, params, stats);
	return search(p, params, stats, NULL, NULL);
}

bool dlx__iterating(const dlx_problem *p)
{
	return p->iterating;
}

/*
 * A pull search of a wide problem (see WIDE_PRIMARY), and a resumed one
 * below: one copy each, colors and propagation tested at every node, so
 * that wide problems cost two copies of the loop here rather than eight.
 */
static __attribute__((noinline)) int search_pull_wide(struct dlx_iter *it, const dlx_stats *start)
{
	dlx_problem *p = it->p;
	return search_impl(p, &it->params, &it->stats, NULL, start, false, true, true, p->color, p->propagate, true, it,
			   false, NULL);
}

/* The pull search's copies, one per combination of the flags that shape the loop. */
static int search_pull(struct dlx_iter *it)
{
	dlx_problem *p = it->p;
	const dlx_stats from = it->stats;
	const dlx_stats *start = it->state == ITER_PAUSED ? &from : NULL;
	if ((p->track || p->propagate) && p->np > WIDE_PRIMARY)
		return search_pull_wide(it, start);
	if (p->propagate)
		return p->color ? search_impl(p, &it->params, &it->stats, NULL, start, false, true, false, true, true, true, it, false, NULL)
				: search_impl(p, &it->params, &it->stats, NULL, start, false, true, false, false, true, true, it, false, NULL);
	if (p->color)
		return p->track ? search_impl(p, &it->params, &it->stats, NULL, start, false, true, false, true, false, true, it, false, NULL)
				: search_impl(p, &it->params, &it->stats, NULL, start, false, false, false, true, false, true, it, false, NULL);
	return p->track ? search_impl(p, &it->params, &it->stats, NULL, start, false, true, false, false, false, true, it, false, NULL)
			: search_impl(p, &it->params, &it->stats, NULL, start, false, false, false, false, false, true, it, false, NULL);
}

int dlx_iter_new(dlx_problem *p, const dlx_search_params *params, dlx_iter **out)
{
	if (out)
		*out = NULL;
	if (!p || !out || (params && params->on_solution))
		return DLX_ERR_INVALID;
	if (p->iterating)
		return DLX_ERR_STATE;
	struct dlx_iter *it = calloc(1, sizeof *it);
	if (!it)
		return DLX_ERR_NOMEM;
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	it->p = p;
	it->params = params ? *params : defaults;
	it->state = ITER_NEW;
	if (dlx__bounded(p)) {
		int rc = dlx__miter_new(p, &it->params, &it->m);
		if (rc) {
			free(it);
			return rc;
		}
	}
	p->iterating = true;
	*out = it;
	return DLX_OK;
}

int dlx_iter_next(dlx_iter *it, const size_t **options, size_t *n)
{
	if (options)
		*options = NULL;
	if (n)
		*n = 0;
	if (!it)
		return DLX_ERR_INVALID;
	if (it->state == ITER_DONE)
		return it->rc;
	dlx_problem *p = it->p;
	if (it->m) {
		const size_t *opts = NULL;
		size_t k = 0;
		int r = dlx__miter_next(it->m, &opts, &k);
		dlx__miter_stats(it->m, &it->stats);
		if (r == 1) {
			it->state = ITER_PAUSED;
			if (options)
				*options = opts;
			if (n)
				*n = k;
			return 1;
		}
		it->rc = r;
		it->state = ITER_DONE;
		p->iterating = false;
		return r;
	}
	it->at_solution = false;
	it->rc = search_pull(it);
	if (it->at_solution) {
		/* Paused at a solution: hand it out; the next call goes on from there. */
		if (options)
			*options = p->sol;
		if (n)
			*n = p->n_forced + it->level;
		return 1;
	}
	it->state = ITER_DONE;
	p->iterating = false;
	return it->rc;
}

void dlx_iter_stats(const dlx_iter *it, dlx_stats *stats)
{
	if (it && stats)
		*stats = it->stats;
}

void dlx_iter_free(dlx_iter *it)
{
	if (!it)
		return;
	if (it->m) {
		/* Algorithm M searched a copy: the problem was never changed. */
		dlx__miter_free(it->m);
	} else if (it->state == ITER_PAUSED) {
		/* Undo the levels still covered, so that the problem is as before the search. */
		it->abort = true;
		(void)search_pull(it);
	}
	if (it->state != ITER_DONE)
		it->p->iterating = false;
	free(it);
}

int dlx__search_from(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, const dlx_stats *start)
{
	return search(p, params, stats, NULL, start);
}

static __attribute__((noinline)) int search_replay_wide(dlx_problem *p, const dlx_search_params *params,
							const struct dlx__replay *rp, dlx_stats *stats)
{
	return search_impl(p, params, stats, NULL, NULL, false, true, true, p->color, p->propagate, false, NULL, true,
			   rp);
}

int dlx__search_replay(dlx_problem *p, const dlx_search_params *params, const struct dlx__replay *rp,
		       dlx_stats *stats)
{
	/*
	 * From the root (a fresh start, or a stop at the first node), the plain
	 * copies: the replay's tests cost the resumed copies some 0.5% per node.
	 */
	if (rp->depth == 0)
		return search(p, params, stats, NULL, &rp->at);
	if ((p->track || p->propagate) && p->np > WIDE_PRIMARY)
		return search_replay_wide(p, params, rp, stats);
	/* Copies of their own, so that the plain searches' loops have no replay test at all. */
	if (p->propagate)
		return p->color ? search_impl(p, params, stats, NULL, NULL, false, true, false, true, true, false, NULL, true, rp)
				: search_impl(p, params, stats, NULL, NULL, false, true, false, false, true, false, NULL, true, rp);
	if (p->color)
		return p->track ? search_impl(p, params, stats, NULL, NULL, false, true, false, true, false, false, NULL, true, rp)
				: search_impl(p, params, stats, NULL, NULL, false, false, false, true, false, false, NULL, true, rp);
	return p->track ? search_impl(p, params, stats, NULL, NULL, false, true, false, false, false, false, NULL, true, rp)
			: search_impl(p, params, stats, NULL, NULL, false, false, false, false, false, false, NULL, true, rp);
}

int dlx__walk_leaves(dlx_problem *p, struct dlx__leaf_sink *sink, const dlx_search_params *params, dlx_stats *st)
{
	dlx_search_params polls = DLX_SEARCH_PARAMS_INIT;
	if (params) {
		polls.on_poll = params->on_poll;
		polls.poll_ctx = params->poll_ctx;
		polls.poll_interval = params->poll_interval;
	}
	sink->deeper = false;
	return search(p, &polls, st, sink, NULL);
}

int dlx__branch_open(dlx_problem *p, int32_t first, uint64_t *updates)
{
	/*
	 * The search's choice at a node: the scan of the active items, which
	 * outside a search are right (forcing keeps them), chooses as the low
	 * bytes would.
	 */
	if (!p->n_act_p || first <= (int32_t)p->n_items || (size_t)first >= p->n_nodes)
		return DLX_ERR_STATE;
	int32_t i = choose_item(p, true, 0, false, false, false);
	if (p->node.top[first] != i)
		return DLX_ERR_STATE;
	int32_t least = INT32_MAX;
	mark(p, i, false);
	*updates += p->color ? cover(p, i, &least, false, true) : cover(p, i, &least, false, false);
	return DLX_OK;
}

int32_t dlx__branch_item(dlx_problem *p)
{
	/* As in dlx__branch_open(): outside a search the active items' scan is right. */
	return p->n_act_p ? choose_item(p, true, 0, false, false, false) : 0;
}

size_t dlx__option_of_node(const dlx_problem *p, int32_t x)
{
	return option_of(p->node, x);
}

void dlx__branch_close(dlx_problem *p, int32_t first)
{
	int32_t i = p->node.top[first];
	if (p->color)
		uncover(p, i, false, true);
	else
		uncover(p, i, false, false);
	unmark(p, i, false);
}

/* The polls of a run's subtrees: the caller sees the progress made across the run. */
struct range_polls {
	const dlx_search_params *params;
	double done, width;          /* the run's options tried, and its options */
	uint64_t polled;             /* the run's nodes at the last poll */
};

static int range_poll(void *ctx, const dlx_stats *so_far)
{
	struct range_polls *rp = ctx;
	dlx_stats st = *so_far;
	st.progress = (rp->done + so_far->progress) / rp->width;
	rp->polled = so_far->nodes;
	return rp->params->on_poll(rp->params->poll_ctx, &st);
}

/*
 * Before a run's next subtree: its search polls first when the run has
 * gone poll_every nodes since its last poll.  A subtree's search counts
 * its polls from its own start, so a run of subtrees a little smaller
 * than the interval would otherwise poll only between them, up to twice
 * the interval apart, and a crew would see its node limit late.
 */
static void poll_after(dlx_problem *p, uint32_t poll_every, uint64_t unpolled)
{
	p->poll_first = unpolled < poll_every ? (uint32_t)(poll_every - unpolled) : 1;
}

/*
 * The node's part of the search for its options first..last: choose each
 * (a dead end is given up, as the search does), search what lies below it
 * as a search of its own whose counters go on from the run's, and undo
 * the choice.  The chosen option sits on top of the forced ones meanwhile,
 * so that solutions list it where the search would.  Only the node's
 * work: a search per option, so the hot loop stays as it is.
 */
static SPECIALIZED int range_impl(dlx_problem *p, int32_t first, int32_t last, const dlx_search_params *params,
				    dlx_stats *stats, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	const int32_t i = nd.top[first];
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	struct range_polls rp = { params, 0, 0, 0 };
	for (int32_t x = first; x != i; x = nd.down[x]) {
		rp.width++;
		if (x == last)
			break;
	}
	dlx_search_params below = *params;
	if (params->on_poll) {
		below.on_poll = range_poll;
		below.poll_ctx = &rp;
	}
	dlx_stats run = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	uint32_t max_level = 0;
	int rc = dlx__grow((void **)&p->forced, &p->cap_forced, p->n_forced + 1, sizeof *p->forced, INT32_MAX);
	double tried = 0; /* of the option being tried when the run stopped */
	for (int32_t x = first; !rc && x != i; x = nd.down[x]) {
		uint64_t node_work = 0; /* counted by the walk that cut the tree */
		mark_rest(p, x, false, colors);
		int32_t least = INT32_MAX;
		int32_t dead = commit_rest_until_empty(p, x, &node_work, &least, false, colors);
		if (dead) {
			uncommit_back(p, x, dead, false, colors);
		} else {
			const dlx_stats from = run;
			p->forced[p->n_forced++] = x;
			if (params->on_poll)
				poll_after(p, poll_every, run.nodes - rp.polled);
			rc = search(p, &below, &run, NULL, &from);
			p->n_forced--;
			uncommit_rest(p, x, false, colors);
			max_level = run.max_level > max_level ? run.max_level : max_level;
			tried = run.progress;
		}
		unmark_rest(p, x, false, colors);
		if (rc || run.stop != DLX_STOP_COMPLETE)
			break;
		rp.done++;
		tried = 0;
		if (x == last)
			break;
		/* Subtrees smaller than the poll interval never poll by themselves. */
		if (params->on_poll && run.nodes - rp.polled >= poll_every) {
			run.progress = 0;
			if (range_poll(&rp, &run)) {
				run.stop = DLX_STOP_POLL;
				break;
			}
		}
	}
	if (rc && run.stop == DLX_STOP_COMPLETE)
		run.stop = DLX_STOP_ERROR;
	run.max_level = max_level;
	run.progress = run.stop == DLX_STOP_COMPLETE ? 1.0 : (rp.done + tried) / rp.width;
	if (stats)
		*stats = run;
	return rc;
}

/* dlx__live_children(), the item covered: its run's options that the search would enter. */
static SPECIALIZED int live_impl(dlx_problem *p, int32_t first, int32_t last, int32_t **live, size_t *cap,
				   size_t *n, uint64_t *updates, const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	const int32_t i = nd.top[first];
	int rc = DLX_OK;
	for (int32_t x = first; x != i; x = nd.down[x]) {
		mark_rest(p, x, track, colors);
		int32_t least = INT32_MAX;
		int32_t dead = commit_rest_until_empty(p, x, updates, &least, track, colors);
		if (dead)
			uncommit_back(p, x, dead, track, colors);
		else
			uncommit_rest(p, x, track, colors);
		unmark_rest(p, x, track, colors);
		if (!dead) {
			rc = dlx__grow((void **)live, cap, *n + 1, sizeof **live, SIZE_MAX / sizeof **live);
			if (rc)
				break;
			(*live)[(*n)++] = x;
		}
		if (x == last)
			break;
	}
	return rc;
}

int dlx__live_children(dlx_problem *p, int32_t first, int32_t last, int32_t **live, size_t *cap, size_t *n,
		       uint64_t *updates)
{
	*n = 0;
	int rc = dlx__branch_open(p, first, updates);
	if (rc)
		return rc;
	/* As in the search: covering the item may empty others that its options cover. */
	rc = p->color ? live_impl(p, first, last, live, cap, n, updates, false, true)
		      : live_impl(p, first, last, live, cap, n, updates, false, false);
	dlx__branch_close(p, first);
	return rc;
}

void dlx__probe_start(dlx_problem *p)
{
	tracked_start(p);
}

int32_t dlx__probe_item(dlx_problem *p, bool maybe_zero, bool calm)
{
	return p->n_act_p ? choose_scan(p, maybe_zero, 0, true, calm) : 0;
}

int32_t dlx__probe_emptied(const dlx_problem *p, int32_t i)
{
	return emptied_by(p, i);
}

int dlx__probe_children(dlx_problem *p, int32_t first, int32_t last, int32_t **live, size_t *cap, size_t *n,
			uint64_t *updates)
{
	*n = 0;
	const int32_t i = p->node.top[first];
	int32_t least = INT32_MAX;
	mark(p, i, true);
	if (p->color) {
		*updates += cover(p, i, &least, true, true);
		int rc = live_impl(p, first, last, live, cap, n, updates, true, true);
		uncover(p, i, true, true);
		unmark(p, i, true);
		return rc;
	}
	*updates += cover(p, i, &least, true, false);
	int rc = live_impl(p, first, last, live, cap, n, updates, true, false);
	uncover(p, i, true, false);
	unmark(p, i, true);
	return rc;
}

int dlx__search_range(dlx_problem *p, int32_t first, int32_t last, const dlx_search_params *params, dlx_stats *stats)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	if (!params)
		params = &defaults;
	return p->color ? range_impl(p, first, last, params, stats, true)
			: range_impl(p, first, last, params, stats, false);
}

/* A resumed run's subtree's poll, passed on as it came. */
struct range_resume_polls {
	const dlx_search_params *params;
	uint64_t polled;             /* the run's nodes at the last poll */
};

static int range_resume_poll(void *ctx, const dlx_stats *so_far)
{
	struct range_resume_polls *rps = ctx;
	rps->polled = so_far->nodes;
	return rps->params->on_poll(rps->params->poll_ctx, so_far);
}

/*
 * dlx__search_range() for a part's checkpointed search: the run's options
 * from rank u0 (the rank among the run's options, dead ends included) on,
 * the one at u0 resumed from rp (its path, possibly empty, and the
 * counters), the others searched afresh with the counters going on.
 * p->ck_part->opt holds the rank being searched, so that a poll or a stop can
 * save where the run stands; between options, every poll interval of
 * nodes, a poll that can save "the next option, from its root".  Only the
 * node's work, as range_impl(): a replay (or a plain search) per option,
 * so the hot loop stays as it is.
 */
static SPECIALIZED int range_resume_impl(dlx_problem *p, int32_t first, int32_t last, uint64_t u0,
					   const struct dlx__replay *rp, const dlx_search_params *params,
					   dlx_stats *stats, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	const int32_t i = nd.top[first];
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	dlx_stats run = rp->at;
	run.stop = DLX_STOP_COMPLETE;
	uint32_t max_level = p->ck_part->max;
	/* The subtrees' polls pass through range_resume_poll(), which notes when the last one came. */
	struct range_resume_polls rps = { params, run.nodes };
	uint64_t *polled = &rps.polled;
	dlx_search_params below = *params;
	if (params->on_poll) {
		below.on_poll = range_resume_poll;
		below.poll_ctx = &rps;
	}
	int rc = dlx__grow((void **)&p->forced, &p->cap_forced, p->n_forced + 1, sizeof *p->forced, INT32_MAX);
	bool reached = false;
	uint64_t u = 0;
	for (int32_t x = first; !rc && x != i; x = nd.down[x], u++) {
		if (u >= u0) {
			const bool here = u == u0;
			reached = true;
			p->ck_part->opt = u;
			p->ck_part->max = max_level;
			mark_rest(p, x, false, colors);
			uint64_t node_work = 0;
			int32_t least = INT32_MAX;
			int32_t dead = commit_rest_until_empty(p, x, &node_work, &least, false, colors);
			if (dead) {
				uncommit_back(p, x, dead, false, colors);
				/* A saved path below a dead end is not this problem's. */
				if (here && rp->depth)
					rc = DLX_ERR_INVALID, run.stop = DLX_STOP_ERROR;
			} else {
				struct dlx__replay from = { here ? rp->depth : 0, rp->item, rp->option, run };
				p->forced[p->n_forced++] = x;
				if (params->on_poll)
					poll_after(p, poll_every, run.nodes - *polled);
				rc = dlx__search_replay(p, &below, &from, &run);
				p->n_forced--;
				uncommit_rest(p, x, false, colors);
				max_level = run.max_level > max_level ? run.max_level : max_level;
			}
			unmark_rest(p, x, false, colors);
			if (rc || run.stop != DLX_STOP_COMPLETE)
				break;
		}
		if (x == last)
			break;
		/* Subtrees smaller than the poll interval never poll by themselves. */
		if (reached && params->on_poll && run.nodes - *polled >= poll_every) {
			*polled = run.nodes;
			p->ck_where = DLX_CK_BEFORE, p->ck_level = 0, p->ck_at = run, p->ck_part->opt = u + 1;
			p->ck_at.max_level = max_level;
			if (params->on_poll(params->poll_ctx, &run)) {
				run.stop = DLX_STOP_POLL;
				break;
			}
			p->ck_where = DLX_CK_NONE;
		}
	}
	/* A rank past the run: not this problem's. */
	if (!rc && !reached)
		rc = DLX_ERR_INVALID;
	if (rc && run.stop == DLX_STOP_COMPLETE)
		run.stop = DLX_STOP_ERROR;
	run.max_level = max_level;
	if (stats)
		*stats = run;
	return rc;
}

int dlx__search_range_resume(dlx_problem *p, int32_t first, int32_t last, uint64_t u0, const struct dlx__replay *rp,
			     const dlx_search_params *params, dlx_stats *stats)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	if (!params)
		params = &defaults;
	return p->color ? range_resume_impl(p, first, last, u0, rp, params, stats, true)
			: range_resume_impl(p, first, last, u0, rp, params, stats, false);
}
