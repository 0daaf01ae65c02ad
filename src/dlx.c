/*
 * The exact-cover engine: Knuth's Algorithm X with dancing links, laid out
 * as in his DLX1 program.
 *
 * Data structure and its invariants
 * ---------------------------------
 * Items are numbered 1..n internally (the public item k is internal k+1),
 * primary ones first.  len[i] is the number of nodes in item i's vertical
 * list.  The active (uncovered) items are kept as sparse sets: set[] holds
 * the primary items in set[0 .. n_primary) and the secondary ones after
 * them; in each region the active items come first (n_act_p and n_act_s of
 * them) and pos[i] is item i's index in set[].  Covering an item swaps it
 * to the end of its region's active prefix and shortens the prefix;
 * uncovering only lengthens the prefix again, because covers are undone in
 * reverse order, so the item is still right behind the prefix.  Knuth uses
 * a doubly linked list here; a dense array makes the heuristic's scan of
 * the active items a run of independent loads instead of a pointer chase.
 *
 * node[] is one flat array addressed by 32-bit indices.  Node i (1 <= i <= n)
 * is the head of item i's vertical list.  After them come the options, each a
 * run of consecutive nodes, with one spacer node before the first option,
 * between options and after the last.  For an ordinary node x, top is its
 * item (> 0) and up/down link the vertical list of that item.  For a spacer,
 * top = -(id of the option before it) - 1 ... which is <= 0, up is the first
 * node of the option before it and down the last node of the option after
 * it; that lets a row be walked cyclically without per-row headers.
 *
 * When item i is covered, it leaves its horizontal list and every option in
 * its vertical list leaves the vertical lists of its other items ("hide").
 * Uncovering undoes these in exactly the reverse order, which restores every
 * link because each removed node still remembers its neighbours: that is the
 * dancing-links trick, and it is why uncover order must mirror cover order.
 *
 * An item is active (uncovered) iff pos[i] lies in its region's prefix.
 */
#include "dlx.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"

/* Indices are int32_t so a node is 12 bytes; the 9x9 sudoku matrix then fits in L2. */
#define DLX_MAX_NODES ((size_t)INT32_MAX)

struct dlx_node {
	int32_t top;
	int32_t up, down;
};

struct dlx_problem {
	size_t n_primary, n_secondary;
	size_t n_items;              /* n_primary + n_secondary */
	int32_t np;                  /* n_primary, as the type items are compared with */
	int32_t *len;                /* n_items + 1 entries, indexed by internal item */
	int32_t *set;                /* n_items entries: the sparse sets of items */
	int32_t *pos;                /* n_items + 1 entries: item -> index in set */
	int32_t n_act_p, n_act_s;    /* active primary and secondary items */
	struct dlx_node *node;
	size_t n_nodes, cap_nodes;
	int32_t *opt_start;          /* first node of each option */
	size_t n_options, cap_options;
	int32_t last_spacer;         /* the spacer after the last option */
	uint32_t *mark;              /* duplicate detection in dlx_add_option */
	uint32_t mark_stamp;
	int32_t *forced;             /* first node of each forced option, in the order forced */
	size_t n_forced, cap_forced;
	/* The search's stack, kept between searches so that solving many puzzles allocates nothing. */
	int32_t *choice;             /* n_primary + 1 entries: the option tried at each level */
	int32_t *lens;               /* n_primary + 1 entries: options of the item branched on at each level */
	size_t *sol;                 /* cap_sol entries: forced options, then choices */
	size_t cap_sol;
};

const char *dlx_strerror(int err)
{
	switch (err) {
	case DLX_OK: return "success";
	case DLX_ERR_NOMEM: return "out of memory";
	case DLX_ERR_INVALID: return "invalid argument";
	case DLX_ERR_DUPLICATE: return "an item appears twice in one option";
	case DLX_ERR_TOO_BIG: return "problem too big (more than 2^31-1 nodes)";
	case DLX_ERR_CONFLICT: return "forced options conflict";
	case DLX_ERR_OVERFLOW: return "64-bit counter overflow";
	case DLX_ERR_STATE: return "operation not allowed while options are forced";
	case DLX_ERR_SYNTAX: return "malformed input";
	case DLX_ERR_IO: return "read error";
	}
	return "unknown error";
}

dlx_problem *dlx_problem_new(size_t n_primary, size_t n_secondary)
{
	if (n_primary > DLX_MAX_NODES - 2 || n_secondary > DLX_MAX_NODES - 2 - n_primary)
		return NULL;
	size_t n = n_primary + n_secondary;
	dlx_problem *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->n_primary = n_primary;
	p->n_secondary = n_secondary;
	p->n_items = n;
	p->len = calloc(n + 1, sizeof *p->len);
	p->set = malloc((n + 1) * sizeof *p->set);
	p->pos = malloc((n + 1) * sizeof *p->pos);
	p->mark = calloc(n + 2, sizeof *p->mark);
	p->cap_nodes = n + 2 + 64;
	p->node = malloc(p->cap_nodes * sizeof *p->node);
	if (!p->len || !p->set || !p->pos || !p->mark || !p->node) {
		dlx_problem_free(p);
		return NULL;
	}

	int32_t ni = (int32_t)n;
	p->np = (int32_t)n_primary;
	for (int32_t i = 1; i <= ni; i++) {
		p->set[i - 1] = i;
		p->pos[i] = i - 1;
	}
	p->n_act_p = p->np;
	p->n_act_s = ni - p->np;

	for (int32_t i = 0; i <= ni; i++) {
		p->node[i].top = 0;
		p->node[i].up = p->node[i].down = i;
	}
	/* The first spacer: no option before it. */
	p->last_spacer = ni + 1;
	p->node[ni + 1].top = 0;
	p->node[ni + 1].up = p->node[ni + 1].down = 0;
	p->n_nodes = n + 2;
	return p;
}

void dlx_problem_free(dlx_problem *p)
{
	if (!p)
		return;
	free(p->len);
	free(p->set);
	free(p->pos);
	free(p->node);
	free(p->opt_start);
	free(p->mark);
	free(p->forced);
	free(p->choice);
	free(p->lens);
	free(p->sol);
	free(p);
}

size_t dlx_primary_count(const dlx_problem *p) { return p ? p->n_primary : 0; }
size_t dlx_secondary_count(const dlx_problem *p) { return p ? p->n_secondary : 0; }
size_t dlx_option_count(const dlx_problem *p) { return p ? p->n_options : 0; }
size_t dlx_forced_count(const dlx_problem *p) { return p ? p->n_forced : 0; }

static int grow(void **buf, size_t *cap, size_t need, size_t elem, size_t max)
{
	if (need <= *cap)
		return DLX_OK;
	if (need > max)
		return DLX_ERR_TOO_BIG;
	size_t ncap = *cap ? *cap : 16;
	while (ncap < need)
		ncap = ncap > max / 2 ? max : ncap * 2;
	void *nb = realloc(*buf, ncap * elem);
	if (!nb)
		return DLX_ERR_NOMEM;
	*buf = nb;
	*cap = ncap;
	return DLX_OK;
}

long dlx_add_option(dlx_problem *p, const size_t *items, size_t n)
{
	if (!p || !items || n == 0)
		return DLX_ERR_INVALID;
	if (p->n_forced)
		return DLX_ERR_STATE;
	if (++p->mark_stamp == 0) {
		memset(p->mark, 0, (p->n_items + 2) * sizeof *p->mark);
		p->mark_stamp = 1;
	}
	for (size_t k = 0; k < n; k++) {
		if (items[k] >= p->n_items)
			return DLX_ERR_INVALID;
		if (p->mark[items[k]] == p->mark_stamp)
			return DLX_ERR_DUPLICATE;
		p->mark[items[k]] = p->mark_stamp;
	}
	if (n > DLX_MAX_NODES - p->n_nodes)
		return DLX_ERR_TOO_BIG;
	/* Option ids must fit a spacer's top field and a long. */
	if (p->n_options >= (size_t)INT32_MAX - 1)
		return DLX_ERR_TOO_BIG;
	int r = grow((void **)&p->node, &p->cap_nodes, p->n_nodes + n + 1, sizeof *p->node, DLX_MAX_NODES);
	if (r)
		return r;
	r = grow((void **)&p->opt_start, &p->cap_options, p->n_options + 1, sizeof *p->opt_start, INT32_MAX);
	if (r)
		return r;

	struct dlx_node *nd = p->node;
	int32_t first = (int32_t)p->n_nodes;
	for (size_t k = 0; k < n; k++) {
		int32_t x = first + (int32_t)k;
		int32_t i = (int32_t)items[k] + 1;
		nd[x].top = i;
		nd[x].up = nd[i].up;
		nd[x].down = i;
		nd[nd[i].up].down = x;
		nd[i].up = x;
		p->len[i]++;
	}
	int32_t last = first + (int32_t)n - 1;
	nd[p->last_spacer].down = last;
	int32_t sp = last + 1;
	nd[sp].top = -(int32_t)p->n_options - 1;
	nd[sp].up = first;
	nd[sp].down = 0;
	p->last_spacer = sp;
	p->opt_start[p->n_options] = first;
	p->n_nodes += n + 1;
	return (long)p->n_options++;
}

size_t dlx_option_size(const dlx_problem *p, size_t opt)
{
	if (!p || opt >= p->n_options)
		return 0;
	size_t end = opt + 1 < p->n_options ? (size_t)p->opt_start[opt + 1] - 1 : (size_t)p->last_spacer;
	return end - (size_t)p->opt_start[opt];
}

size_t dlx_option_item(const dlx_problem *p, size_t opt, size_t k)
{
	if (k >= dlx_option_size(p, opt))
		return (size_t)-1;
	return (size_t)p->node[p->opt_start[opt] + (int32_t)k].top - 1;
}

/* The option that node x belongs to: walk right to the spacer that ends it. */
static size_t option_of(const struct dlx_node *nd, int32_t x)
{
	while (nd[x].top > 0)
		x++;
	return (size_t)(-(int64_t)nd[x].top - 1);
}

static inline void deactivate(dlx_problem *p, int32_t i)
{
	int32_t last = i <= p->np ? --p->n_act_p : p->np + --p->n_act_s;
	int32_t k = p->pos[i], j = p->set[last];
	p->set[k] = j;
	p->pos[j] = k;
	p->set[last] = i;
	p->pos[i] = last;
}

/* Only valid in reverse order of deactivate(): then i sits right after the active prefix. */
static inline void reactivate(dlx_problem *p, int32_t i)
{
	if (i <= p->np)
		p->n_act_p++;
	else
		p->n_act_s++;
}

/*
 * cover() and uncover() are Knuth's, returning the number of link updates
 * (one per node hidden, one for removing the item) so the caller can keep
 * the statistic in a register.
 */
static inline uint64_t cover(dlx_problem *p, int32_t i)
{
	struct dlx_node *restrict nd = p->node;
	int32_t *restrict len = p->len;
	uint64_t k = 1;
	for (int32_t pp = nd[i].down; pp != i; pp = nd[pp].down) {
		/*
		 * Hide the nodes right of pp up to the spacer, then from the
		 * option's first node (the spacer's up) back to pp: two tight
		 * loops instead of one with a spacer test inside.
		 */
		int32_t q = pp + 1;
		for (;;) {
			int32_t x = nd[q].top;
			if (x <= 0)
				break;
			int32_t u = nd[q].up, d = nd[q].down;
			nd[u].down = d;
			nd[d].up = u;
			len[x]--;
			k++;
			q++;
		}
		for (q = nd[q].up; q != pp; q++) {
			int32_t x = nd[q].top, u = nd[q].up, d = nd[q].down;
			nd[u].down = d;
			nd[d].up = u;
			len[x]--;
			k++;
		}
	}
	deactivate(p, i);
	return k;
}

static inline void uncover(dlx_problem *p, int32_t i)
{
	struct dlx_node *restrict nd = p->node;
	int32_t *restrict len = p->len;
	reactivate(p, i);
	for (int32_t pp = nd[i].up; pp != i; pp = nd[pp].up) {
		/* The mirror image of cover(): left to the spacer, then from the option's last node. */
		int32_t q = pp - 1;
		for (;;) {
			int32_t x = nd[q].top;
			if (x <= 0)
				break;
			int32_t u = nd[q].up, d = nd[q].down;
			nd[u].down = q;
			nd[d].up = q;
			len[x]++;
			q--;
		}
		for (q = nd[q].down; q != pp; q--) {
			int32_t x = nd[q].top, u = nd[q].up, d = nd[q].down;
			nd[u].down = q;
			nd[d].up = q;
			len[x]++;
		}
	}
}

/* Covers the items of the option containing x, other than x's own. */
static inline uint64_t cover_rest(dlx_problem *p, int32_t x)
{
	const struct dlx_node *nd = p->node;
	uint64_t k = 0;
	for (int32_t q = x + 1; q != x;) {
		int32_t j = nd[q].top;
		if (j <= 0) {
			q = nd[q].up;
		} else {
			k += cover(p, j);
			q++;
		}
	}
	return k;
}

static inline void uncover_rest(dlx_problem *p, int32_t x)
{
	const struct dlx_node *nd = p->node;
	for (int32_t q = x - 1; q != x;) {
		int32_t j = nd[q].top;
		if (j <= 0) {
			q = nd[q].down;
		} else {
			uncover(p, j);
			q--;
		}
	}
}

static bool item_active(const dlx_problem *p, int32_t i)
{
	return p->pos[i] < (i <= p->np ? p->n_act_p : p->np + p->n_act_s);
}

int dlx_force_option(dlx_problem *p, size_t opt)
{
	if (!p || opt >= p->n_options)
		return DLX_ERR_INVALID;
	int32_t x = p->opt_start[opt];
	size_t n = dlx_option_size(p, opt);
	for (size_t k = 0; k < n; k++)
		if (!item_active(p, p->node[x + (int32_t)k].top))
			return DLX_ERR_CONFLICT;
	/*
	 * No item of the option is covered, so the option is still in every
	 * vertical list and forcing it is exactly the search choosing it.
	 */
	int r = grow((void **)&p->forced, &p->cap_forced, p->n_forced + 1, sizeof *p->forced, INT32_MAX);
	if (r)
		return r;
	cover(p, p->node[x].top);
	cover_rest(p, x);
	p->forced[p->n_forced++] = x;
	return DLX_OK;
}

void dlx_release_forced(dlx_problem *p)
{
	if (p)
		dlx__release_to(p, 0);
}

/*
 * Knuth's estimate of the fraction of the tree done: at each level the
 * options already tried, weighted by the share of the tree that level's
 * node stands for (the product of 1/len of the levels above).
 */
static double progress_of(const dlx_problem *p, size_t level)
{
	const struct dlx_node *nd = p->node;
	double done = 0, share = 1;
	for (size_t l = 0; l < level; l++) {
		int32_t x = p->choice[l], i = nd[x].top, tried = 0;
		for (int32_t y = nd[i].down; y != x; y = nd[y].down)
			tried++;
		done += share * tried / p->lens[l];
		share /= p->lens[l];
	}
	return done;
}

/*
 * Algorithm X.  With a leaf sink, nodes at depth leaf->depth and solutions
 * above it are handed to the sink instead of being searched or counted: that
 * is how a search is split into jobs (dlx__split).
 */
static int search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats,
		  struct dlx__leaf_sink *leaf)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	dlx_stats st = { 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (stats)
		*stats = st;
	if (!p)
		return DLX_ERR_INVALID;
	if (!params)
		params = &defaults;

	/* Each level covers at least one primary item, so n_primary bounds the depth. */
	size_t depth = p->n_primary + 1;
	if (!p->choice)
		p->choice = malloc(depth * sizeof *p->choice);
	if (!p->lens)
		p->lens = malloc(depth * sizeof *p->lens);
	if (p->choice && depth + p->n_forced > p->cap_sol) {
		free(p->sol);
		p->cap_sol = depth + p->n_forced;
		p->sol = malloc(p->cap_sol * sizeof *p->sol);
	}
	if (!p->choice || !p->lens || !p->sol) {
		p->cap_sol = 0;
		if (stats)
			stats->stop = DLX_STOP_ERROR;
		return DLX_ERR_NOMEM;
	}
	int32_t *choice = p->choice, *lens = p->lens;
	size_t *sol = p->sol;
	for (size_t k = 0; k < p->n_forced; k++)
		sol[k] = option_of(p->node, p->forced[k]);

	struct dlx_node *nd = p->node;
	const int32_t *len = p->len, *set = p->set;
	const uint64_t sol_limit = params->solution_limit;
	const uint64_t node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	uint32_t poll_left = poll_every;
	/* One level's covers update fewer links than the matrix has nodes and items. */
	const uint64_t update_room = UINT64_MAX - (uint64_t)p->n_nodes - (uint64_t)p->n_items - 2;
	int rc = DLX_OK;
	uint64_t updates = 0, nodes = 0, solutions = 0;
	size_t level = 0;
	int32_t i, x;

x2:	/* Enter a new search node. */
	if (nodes == UINT64_MAX || updates > update_room) {
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
		st.solutions = solutions, st.nodes = nodes, st.updates = updates;
		st.progress = progress_of(p, level);
		if (params->on_poll(params->poll_ctx, &st)) {
			st.stop = DLX_STOP_POLL;
			goto unwind;
		}
	}
	if (leaf && (level == leaf->depth || p->n_act_p == 0)) {
		double share = 1;
		for (size_t k = 0; k < level; k++) {
			sol[p->n_forced + k] = option_of(nd, choice[k]);
			share /= lens[k];
		}
		if (level == leaf->depth && p->n_act_p != 0)
			leaf->deeper = true;
		rc = leaf->add(leaf, sol + p->n_forced, level, share);
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
	 * X3: the minimum-remaining-values item, the lowest-numbered one on
	 * ties, whatever order the sparse set holds them in: (len, item) packed
	 * in one key keeps the scan branch-free.  Any item of length 0 is a
	 * dead end as good as another, so the scan may stop at the first.
	 */
	{
		uint64_t best = UINT64_MAX;
		for (int32_t k = 0, n = p->n_act_p; k < n; k++) {
			int32_t j = set[k];
			uint64_t key = (uint64_t)(uint32_t)len[j] << 32 | (uint32_t)j;
			best = key < best ? key : best;
			if (len[j] == 0)
				break;
		}
		i = (int32_t)(uint32_t)best;
	}
	lens[level] = len[i];
	updates += cover(p, i);
	x = nd[i].down;
x5:	/* Try option x, or backtrack when item i's options are exhausted. */
	if (x == i) {
		uncover(p, i);
		goto x8;
	}
	updates += cover_rest(p, x);
	choice[level++] = x;
	goto x2;

x8:	/* Leave the current level and try the next option there. */
	if (level == 0)
		goto done;
	x = choice[--level];
	uncover_rest(p, x);
	i = nd[x].top;
	x = nd[x].down;
	goto x5;

unwind:	/* Stopped early: undo every level's covers so the problem is as before. */
	while (level > 0) {
		x = choice[--level];
		uncover_rest(p, x);
		uncover(p, nd[x].top);
	}
done:
	st.solutions = solutions;
	st.nodes = nodes;
	st.updates = updates;
	st.progress = st.stop == DLX_STOP_COMPLETE ? 1.0 : progress_of(p, level);
	if (stats)
		*stats = st;
	return rc;
}

int dlx_search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats)
{
	return search(p, params, stats, NULL);
}

int dlx__walk_leaves(dlx_problem *p, struct dlx__leaf_sink *leaf)
{
	dlx_stats st;
	leaf->deeper = false;
	return search(p, NULL, &st, leaf);
}

dlx_problem *dlx_problem_clone(const dlx_problem *p)
{
	if (!p)
		return NULL;
	dlx_problem *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	*c = *p;
	/* Nothing is shared: the clone's links dance independently of the original's. */
	c->len = NULL;
	c->set = NULL;
	c->pos = NULL;
	c->mark = NULL;
	c->node = NULL;
	c->opt_start = NULL;
	c->forced = NULL;
	c->choice = c->lens = NULL;
	c->sol = NULL;
	c->cap_sol = 0;
	size_t n = p->n_items;
	c->len = malloc((n + 1) * sizeof *c->len);
	c->set = malloc((n + 1) * sizeof *c->set);
	c->pos = malloc((n + 1) * sizeof *c->pos);
	c->mark = calloc(n + 2, sizeof *c->mark);
	c->node = malloc(p->cap_nodes * sizeof *c->node);
	c->opt_start = p->cap_options ? malloc(p->cap_options * sizeof *c->opt_start) : NULL;
	c->forced = p->cap_forced ? malloc(p->cap_forced * sizeof *c->forced) : NULL;
	if (!c->len || !c->set || !c->pos || !c->mark || !c->node || (p->cap_options && !c->opt_start) ||
	    (p->cap_forced && !c->forced)) {
		dlx_problem_free(c);
		return NULL;
	}
	c->mark_stamp = 0;
	memcpy(c->len, p->len, (n + 1) * sizeof *c->len);
	memcpy(c->set, p->set, (n + 1) * sizeof *c->set);
	memcpy(c->pos, p->pos, (n + 1) * sizeof *c->pos);
	memcpy(c->node, p->node, p->n_nodes * sizeof *c->node);
	if (p->n_options)
		memcpy(c->opt_start, p->opt_start, p->n_options * sizeof *c->opt_start);
	if (p->n_forced)
		memcpy(c->forced, p->forced, p->n_forced * sizeof *c->forced);
	return c;
}

void dlx__release_to(dlx_problem *p, size_t keep)
{
	while (p->n_forced > keep) {
		int32_t x = p->forced[--p->n_forced];
		uncover_rest(p, x);
		uncover(p, p->node[x].top);
	}
}

int dlx__check(const dlx_problem *p, const char **what)
{
	const struct dlx_node *nd = p->node;
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
		for (int32_t x = nd[i].down; x != i; x = nd[x].down) {
			if (nd[nd[x].down].up != x || nd[nd[x].up].down != x) {
				*what = "vertical list is not doubly linked";
				return -1;
			}
			if (nd[x].top != i) {
				*what = "node in the wrong vertical list";
				return -1;
			}
			if (++cnt > (int32_t)p->n_nodes) {
				*what = "vertical list does not close";
				return -1;
			}
		}
		if (cnt != p->len[i]) {
			*what = "item length does not match its list";
			return -1;
		}
	}
	return 0;
}
