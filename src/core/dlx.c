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
 * A search that keeps the low bytes (see choose_item()) never scans the
 * sets, so it only counts its covers in n_act_p: it undoes every cover
 * before it returns, so the sets it did not update are still right.  (On
 * sudoku the swaps cost 2-5% of the time: BENCHMARKS.md.)
 *
 * The nodes are addressed by 32-bit indices into three flat arrays, top[],
 * up[] and down[] (one array per field rather than an array of structs: a
 * link is then stored at base + 4 * index, with no multiplication by the
 * size of a node, and on sudoku that saved 8% of the search's
 * instructions).  Node i (1 <= i <= n) is the head of item i's vertical list.  After them come the options, each a
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
 * Outside a search, an item is active (uncovered) iff pos[i] lies in its
 * region's prefix.
 *
 * Colors (Knuth's Algorithm C, as in his DLX2)
 * --------------------------------------------
 * color[] exists only once an option gave a secondary item a color; it has
 * an entry per node.  color[x] is the node's color id (0: none).  Choosing
 * an option "commits" each of its other items: an uncolored one is covered
 * as above; a colored one is "purified": the options that give the item
 * another color (or none) are hidden, and those that give it the same color
 * stay, their node in the item marked with color -1.  A hide skips marked
 * nodes, leaving them in the item's list, so that unpurifying can walk the
 * list and give every mark its color back.  The item's own entry color[i]
 * holds the color it is purified with, 0 when it is not.  Only secondary
 * items have colors, so the heuristic never sees any of this.
 */
#include "dlx.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"

/*
 * Indices are int32_t so a node is 12 bytes; the 9x9 sudoku matrix then
 * fits in L1 and L2.  An option takes a node and a spacer at least, so with fewer
 * than 2^30 nodes an item has fewer than 2^29 options, which leaves room in
 * len for the two offsets below.
 */
#define DLX_MAX_NODES (((size_t)1 << 30) - 1)
/*
 * Added to a covered item's len: a covered item's len stays above every
 * active one's, so a scan of len[] in item order needs no other test.
 */
#define DLX_COVERED ((int32_t)1 << 30)
/*
 * Added to a secondary item's len from the start: it never reaches 0 or 1,
 * so the covers' test for an emptied item and the low[] bytes see primary
 * items only, without a test of their own.
 */
#define DLX_SECONDARY ((int32_t)1 << 29)

/* The nodes, as three arrays indexed alike (see the layout above). */
struct dlx_nodes {
	int32_t *top;
	int32_t *up, *down;
};

struct snapshot {
	int32_t *up, *down;          /* top[] never changes after the options are added */
	int32_t *color;
	int32_t *len, *set, *pos;
	int32_t n_act_p, n_act_s;
};

struct dlx_problem {
	size_t n_primary, n_secondary;
	size_t n_items;              /* n_primary + n_secondary */
	int32_t np;                  /* n_primary, as the type items are compared with */
	int32_t *len;                /* n_items + 1 entries, indexed by internal item */
	int32_t *set;                /* n_items entries: the sparse sets of items */
	int32_t *pos;                /* n_items + 1 entries: item -> index in set */
	int32_t n_act_p, n_act_s;    /* active primary and secondary items */
	/*
	 * low[i]: 1 if item i is active and len[i] <= 1, else 0.  Kept only during a
	 * search, and then only when `track` says it is worth it: when a scan
	 * of the items costs more than the bookkeeping on every link update
	 * (see want_tracking()).
	 */
	uint8_t *low;
	bool track;
	int8_t track_mode;           /* dlx__set_tracking()'s: -1 by shape, else 0 or 1 */
	struct dlx_nodes node;
	size_t n_nodes, cap_nodes;
	int32_t *color;              /* NULL, or cap_nodes entries: see "Colors" above */
	int32_t *opt_start;          /* first node of each option */
	size_t n_options, cap_options;
	int32_t last_spacer;         /* the spacer after the last option */
	uint32_t *mark;              /* duplicate detection in dlx_add_option */
	uint32_t mark_stamp;
	int32_t *forced;             /* first node of each forced option, in the order forced */
	size_t n_forced, cap_forced;
	uint64_t forced_updates;     /* link updates made by the forced options */
	/*
	 * A copy of the links with nothing forced, taken after a release once
	 * releasing by uncovering proved dearer than copying: a front end that
	 * forces many givens per puzzle then releases them with a few memcpy.
	 * Invalid (NULL) once options are added.
	 */
	struct snapshot *snap;
	/* The search's stack, kept between searches so that solving many puzzles allocates nothing. */
	int32_t *choice;             /* n_primary + 1 entries: the option tried at each level */
	int32_t *lens;               /* n_primary + 1 entries: options of the item branched on at each level */
	size_t *sol;                 /* cap_sol entries: forced options, then choices */
	size_t cap_sol;
};

/*
 * The low bytes: one for each of the items 0..n (0, the root, is never set)
 * and 8 more, kept 0, so that the heuristic can read eight at a time past
 * the last primary item.  Secondary items have bytes too, so that the
 * updates need no test (their biased len keeps them 0); only the primary
 * items' are read.  A byte rather than a bit: every link update stores its
 * item's byte without reading it, two instructions instead of five, and on
 * sudoku that saved 8% of the search's instructions.
 */
static size_t low_words(size_t n)
{
	return n + 9;
}

static inline void low_clear(uint8_t *low, int32_t i)
{
	low[i] = 0;
}

/* Branch-free: whether a len crosses 1 is as good as random in a search. */
static inline void low_put(uint8_t *low, int32_t i, int32_t len)
{
	low[i] = len <= 1;
}

/*
 * The first nonzero byte, in memory order, of eight bytes loaded into w
 * (w != 0): the lowest on a little-endian machine, the highest on others.
 */
static inline int first_byte(uint64_t w)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_clzll(w) / 8;
#elif defined(__GNUC__)
	return __builtin_ctzll(w) / 8;
#else
	unsigned char b[8];
	memcpy(b, &w, sizeof b);
	int k = 0;
	while (!b[k])
		k++;
	return k;
#endif
}

const char *dlx_version(void)
{
	return DLX_VERSION;
}

const char *dlx_strerror(int err)
{
	switch (err) {
	case DLX_OK: return "success";
	case DLX_ERR_NOMEM: return "out of memory";
	case DLX_ERR_INVALID: return "invalid argument";
	case DLX_ERR_DUPLICATE: return "an item appears twice in one option";
	case DLX_ERR_TOO_BIG: return "problem too big (more than 2^30-1 nodes)";
	case DLX_ERR_CONFLICT: return "forced options conflict";
	case DLX_ERR_OVERFLOW: return "64-bit counter overflow";
	case DLX_ERR_STATE: return "operation not allowed while options are forced";
	case DLX_ERR_SYNTAX: return "malformed input";
	case DLX_ERR_IO: return "read error";
	}
	return "unknown error";
}

static void nodes_free(struct dlx_nodes *nd)
{
	free(nd->top);
	free(nd->up);
	free(nd->down);
}

/* Allocates n entries for each of the arrays; false (and nothing kept) when memory is short. */
static bool nodes_alloc(struct dlx_nodes *nd, size_t n)
{
	nd->top = malloc(n * sizeof *nd->top);
	nd->up = malloc(n * sizeof *nd->up);
	nd->down = malloc(n * sizeof *nd->down);
	if (nd->top && nd->up && nd->down)
		return true;
	nodes_free(nd);
	nd->top = nd->up = nd->down = NULL;
	return false;
}

static void nodes_copy(struct dlx_nodes *to, const struct dlx_nodes *from, size_t n)
{
	memcpy(to->top, from->top, n * sizeof *to->top);
	memcpy(to->up, from->up, n * sizeof *to->up);
	memcpy(to->down, from->down, n * sizeof *to->down);
}

/*
 * Makes room for `need` nodes in each per-node array (the colors' too).
 * On failure the capacity stays what it was; arrays already enlarged keep
 * their contents, so nothing is lost.
 */
static int grow_nodes(dlx_problem *p, size_t need)
{
	if (need <= p->cap_nodes)
		return DLX_OK;
	if (need > DLX_MAX_NODES)
		return DLX_ERR_TOO_BIG;
	size_t ncap = p->cap_nodes ? p->cap_nodes : 16;
	while (ncap < need)
		ncap = ncap > DLX_MAX_NODES / 2 ? DLX_MAX_NODES : ncap * 2;
	int32_t **arrays[4] = { &p->node.top, &p->node.up, &p->node.down, &p->color };
	for (int k = 0; k < 4; k++) {
		if (k == 3 && !p->color)
			break;
		int32_t *na = realloc(*arrays[k], ncap * sizeof *na);
		if (!na)
			return DLX_ERR_NOMEM;
		*arrays[k] = na;
	}
	p->cap_nodes = ncap;
	return DLX_OK;
}

/*
 * A search node costs a scan of the active primary items to choose one, or
 * with tracking a few instructions more per link update and almost no scan.
 * At the root a cover updates about (average item length) x (option size - 1)
 * links per option it hides and a node covers (option size) items, so
 * compare the primary items with that; deeper nodes have fewer of both.
 * The choice changes only the speed: both modes choose the same items.
 */
static bool want_tracking(const dlx_problem *p)
{
	if (p->track_mode >= 0)
		return p->track_mode;
	if (!p->n_options || !p->n_items)
		return true;
	double opt_nodes = (double)(p->n_nodes - p->n_items - 2 - p->n_options);
	double size = opt_nodes / (double)p->n_options, avg_len = opt_nodes / (double)p->n_items;
	double updates_per_node = avg_len * size * (size - 1);
	return 2.0 * (double)p->n_primary >= updates_per_node;
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
	p->low = calloc(low_words(n), sizeof *p->low);
	if (!p->len || !p->set || !p->pos || !p->mark || !p->low || grow_nodes(p, n + 2 + 64)) {
		dlx_problem_free(p);
		return NULL;
	}

	int32_t ni = (int32_t)n;
	p->np = (int32_t)n_primary;
	for (int32_t i = 1; i <= ni; i++) {
		p->set[i - 1] = i;
		p->pos[i] = i - 1;
		if (i > p->np)
			p->len[i] = DLX_SECONDARY;
	}
	p->n_act_p = p->np;
	p->n_act_s = ni - p->np;

	for (int32_t i = 0; i <= ni; i++) {
		p->node.top[i] = 0;
		p->node.up[i] = p->node.down[i] = i;
	}
	/* The first spacer: no option before it. */
	p->last_spacer = ni + 1;
	p->node.top[ni + 1] = 0;
	p->node.up[ni + 1] = p->node.down[ni + 1] = 0;
	p->n_nodes = n + 2;
	p->track_mode = -1;
	p->track = want_tracking(p);
	return p;
}

static void snapshot_free(dlx_problem *p)
{
	struct snapshot *sn = p->snap;
	if (!sn)
		return;
	free(sn->up);
	free(sn->down);
	free(sn->color);
	free(sn->len);
	free(sn->set);
	free(sn->pos);
	free(sn);
	p->snap = NULL;
}

void dlx_problem_free(dlx_problem *p)
{
	if (!p)
		return;
	free(p->len);
	free(p->set);
	free(p->pos);
	nodes_free(&p->node);
	free(p->color);
	free(p->opt_start);
	free(p->mark);
	free(p->low);
	free(p->forced);
	snapshot_free(p);
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
	return dlx_add_option_colored(p, items, NULL, n);
}

/* Gives the problem its color array (all nodes uncolored) the first time a color is used. */
static int enable_colors(dlx_problem *p)
{
	if (p->color)
		return DLX_OK;
	p->color = calloc(p->cap_nodes, sizeof *p->color);
	return p->color ? DLX_OK : DLX_ERR_NOMEM;
}

long dlx_add_option_colored(dlx_problem *p, const size_t *items, const uint32_t *colors, size_t n)
{
	if (!p || !items || n == 0)
		return DLX_ERR_INVALID;
	if (p->n_forced)
		return DLX_ERR_STATE;
	if (++p->mark_stamp == 0) {
		memset(p->mark, 0, (p->n_items + 2) * sizeof *p->mark);
		p->mark_stamp = 1;
	}
	bool colored = false;
	for (size_t k = 0; k < n; k++) {
		if (items[k] >= p->n_items)
			return DLX_ERR_INVALID;
		if (p->mark[items[k]] == p->mark_stamp)
			return DLX_ERR_DUPLICATE;
		p->mark[items[k]] = p->mark_stamp;
		if (colors && colors[k]) {
			/* Colors belong to secondary items; ids must fit the node's signed field. */
			if (items[k] < p->n_primary || colors[k] > INT32_MAX)
				return DLX_ERR_INVALID;
			colored = true;
		}
	}
	if (n > DLX_MAX_NODES - p->n_nodes)
		return DLX_ERR_TOO_BIG;
	/* Option ids must fit a spacer's top field and a long. */
	if (p->n_options >= (size_t)INT32_MAX - 1)
		return DLX_ERR_TOO_BIG;
	int r = grow_nodes(p, p->n_nodes + n + 1);
	if (r)
		return r;
	if (colored && (r = enable_colors(p)))
		return r;
	r = grow((void **)&p->opt_start, &p->cap_options, p->n_options + 1, sizeof *p->opt_start, INT32_MAX);
	if (r)
		return r;
	snapshot_free(p);

	const struct dlx_nodes nd = p->node;
	int32_t first = (int32_t)p->n_nodes;
	for (size_t k = 0; k < n; k++) {
		int32_t x = first + (int32_t)k;
		int32_t i = (int32_t)items[k] + 1;
		nd.top[x] = i;
		nd.up[x] = nd.up[i];
		nd.down[x] = i;
		nd.down[nd.up[i]] = x;
		nd.up[i] = x;
		p->len[i]++;
		if (p->color)
			p->color[x] = colors ? (int32_t)colors[k] : 0;
	}
	int32_t last = first + (int32_t)n - 1;
	nd.down[p->last_spacer] = last;
	int32_t sp = last + 1;
	nd.top[sp] = -(int32_t)p->n_options - 1;
	nd.up[sp] = first;
	nd.down[sp] = 0;
	if (p->color)
		p->color[sp] = 0;
	p->last_spacer = sp;
	p->opt_start[p->n_options] = first;
	p->n_nodes += n + 1;
	p->n_options++;
	p->track = want_tracking(p);
	return (long)p->n_options - 1;
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
	return (size_t)p->node.top[p->opt_start[opt] + (int32_t)k] - 1;
}

uint32_t dlx_option_color(const dlx_problem *p, size_t opt, size_t k)
{
	if (k >= dlx_option_size(p, opt) || !p->color)
		return 0;
	int32_t x = p->opt_start[opt] + (int32_t)k;
	int32_t c = p->color[x];
	/* A node marked by a purification has its item's color. */
	return (uint32_t)(c >= 0 ? c : p->color[p->node.top[x]]);
}

bool dlx_has_colors(const dlx_problem *p)
{
	return p && p->color;
}

/* The option that node x belongs to: walk right to the spacer that ends it. */
static size_t option_of(struct dlx_nodes nd, int32_t x)
{
	while (nd.top[x] > 0)
		x++;
	return (size_t)(-(int64_t)nd.top[x] - 1);
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
 * hide() and unhide() take one option out of the vertical lists of its
 * items other than node pp's, and put it back; cover() and uncover() do it
 * for every option of an item.  They are Knuth's, returning the number of
 * link updates (one per node hidden, one for removing the item) so the
 * caller can keep the statistic in a register.
 *
 * Two flags, constants in every caller so that the compiler makes a copy of
 * the search for each combination: with `track` they keep the low bytes up
 * to date and note in *zero when an item is left with no option (see
 * choose_item()); with `colors` a hide skips the nodes a purification marked.
 */
#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE uint64_t hide(dlx_problem *p, int32_t pp, bool *zero, const bool track, const bool colors)
{
	int32_t *restrict top = p->node.top, *restrict up = p->node.up, *restrict down = p->node.down;
	int32_t *restrict len = p->len;
	uint8_t *restrict low = p->low;
	const int32_t *color = p->color;
	uint64_t k = 0;
	bool z = false;
	/*
	 * The nodes right of pp up to the spacer, then from the option's first
	 * node (the spacer's up) back to pp: two tight loops instead of one
	 * with a spacer test inside.
	 */
	int32_t q = pp + 1;
	for (;;) {
		int32_t x = top[q];
		if (x <= 0)
			break;
		if (!colors || color[q] >= 0) {
			int32_t u = up[q], d = down[q];
			down[u] = d;
			up[d] = u;
			int32_t l = --len[x];
			if (track)
				low_put(low, x, l);
			z |= l == 0;
			k++;
		}
		q++;
	}
	for (q = up[q]; q != pp; q++) {
		if (colors && color[q] < 0)
			continue;
		int32_t x = top[q], u = up[q], d = down[q];
		down[u] = d;
		up[d] = u;
		int32_t l = --len[x];
		if (track)
			low_put(low, x, l);
		z |= l == 0;
		k++;
	}
	*zero |= z;
	return k;
}

/* The mirror image of hide(): left to the spacer, then from the option's last node. */
static ALWAYS_INLINE void unhide(dlx_problem *p, int32_t pp, const bool track, const bool colors)
{
	int32_t *restrict top = p->node.top, *restrict up = p->node.up, *restrict down = p->node.down;
	int32_t *restrict len = p->len;
	uint8_t *restrict low = p->low;
	const int32_t *color = p->color;
	int32_t q = pp - 1;
	for (;;) {
		int32_t x = top[q];
		if (x <= 0)
			break;
		if (!colors || color[q] >= 0) {
			int32_t u = up[q], d = down[q];
			down[u] = q;
			up[d] = q;
			int32_t l = len[x]++;
			if (track)
				low_put(low, x, l + 1);
		}
		q--;
	}
	for (q = down[q]; q != pp; q--) {
		if (colors && color[q] < 0)
			continue;
		int32_t x = top[q], u = up[q], d = down[q];
		down[u] = q;
		up[d] = q;
		int32_t l = len[x]++;
		if (track)
			low_put(low, x, l + 1);
	}
}

/*
 * An item is marked covered (DLX_COVERED added to its len, its low byte
 * cleared) before its options are hidden, and unmarked after they are back.
 * Marking every item of a chosen option first means that the hides made
 * while committing it never see those items' lengths fall to 0: only an
 * item that the option does not cover can be emptied, and that is a dead
 * end (see commit_rest_until_empty()).
 */
static ALWAYS_INLINE void mark(dlx_problem *p, int32_t i, const bool track)
{
	p->len[i] += DLX_COVERED;
	if (track)
		low_clear(p->low, i);
}

static ALWAYS_INLINE void unmark(dlx_problem *p, int32_t i, const bool track)
{
	p->len[i] -= DLX_COVERED;
	if (track)
		low_put(p->low, i, p->len[i]);
}

/* Hides every option of marked item i from the other items; returns the link updates. */
static ALWAYS_INLINE uint64_t cover(dlx_problem *p, int32_t i, bool *zero, const bool track, const bool colors)
{
	const int32_t *down = p->node.down;
	uint64_t k = 1;
	bool z = false; /* a register, not *zero, for the hides to update */
	for (int32_t pp = down[i]; pp != i; pp = down[pp])
		k += hide(p, pp, &z, track, colors);
	if (track)
		p->n_act_p -= i <= p->np;
	else
		deactivate(p, i);
	*zero |= z;
	return k;
}

static ALWAYS_INLINE void uncover(dlx_problem *p, int32_t i, const bool track, const bool colors)
{
	const int32_t *up = p->node.up;
	if (track)
		p->n_act_p += i <= p->np;
	else
		reactivate(p, i);
	for (int32_t pp = up[i]; pp != i; pp = up[pp])
		unhide(p, pp, track, colors);
}

/*
 * Purifying the item of node x, which has color c: hide the options that
 * give the item another color, mark those that give it c.  Knuth counts
 * neither the marks nor the item as link updates; the hides count.  Node x
 * itself keeps its color, so that uncommitting it sees what to undo.
 */
static uint64_t purify(dlx_problem *p, int32_t x, bool *zero, const bool track)
{
	const struct dlx_nodes nd = p->node;
	int32_t *color = p->color;
	int32_t c = color[x], i = nd.top[x];
	uint64_t k = 0;
	bool z = false;
	color[i] = c;
	for (int32_t q = nd.down[i]; q != i; q = nd.down[q]) {
		if (color[q] != c)
			k += hide(p, q, &z, track, true);
		else if (q != x)
			color[q] = -1;
	}
	*zero |= z;
	return k;
}

static void unpurify(dlx_problem *p, int32_t x, const bool track)
{
	const struct dlx_nodes nd = p->node;
	int32_t *color = p->color;
	int32_t i = nd.top[x], c = color[i];
	for (int32_t q = nd.up[i]; q != i; q = nd.up[q]) {
		if (color[q] < 0)
			color[q] = c;
		else if (q != x)
			unhide(p, q, track, true);
	}
	color[i] = 0;
}

/*
 * What choosing an option does to each of its items but the one branched
 * on: an item the option gives no color is covered (it was marked before,
 * see mark()); a colored one is purified; an item already purified with the
 * option's color (a marked node) needs nothing.
 */
static ALWAYS_INLINE bool commits_cover(const dlx_problem *p, int32_t q, const bool colors)
{
	return !colors || p->color[q] == 0;
}

static ALWAYS_INLINE uint64_t commit(dlx_problem *p, int32_t q, bool *zero, const bool track, const bool colors)
{
	if (commits_cover(p, q, colors))
		return cover(p, p->node.top[q], zero, track, colors);
	if (p->color[q] > 0)
		return purify(p, q, zero, track);
	return 0;
}

static ALWAYS_INLINE void uncommit(dlx_problem *p, int32_t q, const bool track, const bool colors)
{
	if (commits_cover(p, q, colors))
		uncover(p, p->node.top[q], track, colors);
	else if (p->color[q] > 0)
		unpurify(p, q, track);
}

/* Marks, and unmarks, the items that the option of node x covers, other than x's. */
static ALWAYS_INLINE void mark_rest(dlx_problem *p, int32_t x, const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	for (int32_t q = x + 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.up[q];
			continue;
		}
		if (commits_cover(p, q, colors))
			mark(p, nd.top[q], track);
		q++;
	}
}

static ALWAYS_INLINE void unmark_rest(dlx_problem *p, int32_t x, const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	for (int32_t q = x - 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.down[q];
			continue;
		}
		if (commits_cover(p, q, colors))
			unmark(p, nd.top[q], track);
		q--;
	}
}

/*
 * Commits the items of the option of node x other than x's own (marked
 * already), left to right, but stops at the first commit that leaves a
 * primary item with no option: that choice is a dead end.  Returns the node
 * it stopped after (undo with uncommit_back()), or 0 when all are done.
 */
static ALWAYS_INLINE int32_t commit_rest_until_empty(dlx_problem *p, int32_t x, uint64_t *updates,
						     const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	uint64_t k = 0;
	bool zero = false;
	for (int32_t q = x + 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.up[q];
			continue;
		}
		k += commit(p, q, &zero, track, colors);
		if (zero) {
			*updates += k;
			return q;
		}
		q++;
	}
	*updates += k;
	return 0;
}

/* Uncommits from node last back to x's right neighbour: the commits of commit_rest_until_empty(). */
static ALWAYS_INLINE void uncommit_back(dlx_problem *p, int32_t x, int32_t last, const bool track,
				       const bool colors)
{
	const struct dlx_nodes nd = p->node;
	for (int32_t q = last;;) {
		uncommit(p, q, track, colors);
		q--;
		if (nd.top[q] <= 0)
			q = nd.down[q];
		if (q == x)
			break;
	}
}

/* Uncommits all the items of x's option but x's, in the reverse order of the commits. */
static ALWAYS_INLINE void uncommit_rest(dlx_problem *p, int32_t x, const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	for (int32_t q = x - 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.down[q];
		} else {
			uncommit(p, q, track, colors);
			q--;
		}
	}
}

/*
 * Forcing and releasing options, outside the search: every item of the
 * option is committed, as if the search had chosen it, whatever it empties
 * (the search's root then finds a dead end).  They leave the low bytes
 * alone: a tracking search rebuilds it when it starts.
 */
static ALWAYS_INLINE void commit_whole(dlx_problem *p, int32_t x, uint64_t *updates, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	bool zero = false;
	/* All the option's items are marked first, x's too, as when the search chooses it. */
	if (commits_cover(p, x, colors))
		mark(p, nd.top[x], false);
	mark_rest(p, x, false, colors);
	*updates += commit(p, x, &zero, false, colors);
	for (int32_t q = x + 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.up[q];
			continue;
		}
		*updates += commit(p, q, &zero, false, colors);
		q++;
	}
}

static void commit_option(dlx_problem *p, int32_t x, uint64_t *updates)
{
	if (p->color)
		commit_whole(p, x, updates, true);
	else
		commit_whole(p, x, updates, false);
}

static void uncommit_option(dlx_problem *p, int32_t x)
{
	bool colors = p->color != NULL;
	if (colors) {
		uncommit_rest(p, x, false, true);
		uncommit(p, x, false, true);
		unmark_rest(p, x, false, true);
	} else {
		uncommit_rest(p, x, false, false);
		uncommit(p, x, false, false);
		unmark_rest(p, x, false, false);
	}
	if (commits_cover(p, x, colors))
		unmark(p, p->node.top[x], false);
}

/*
 * Sets the low bytes of the primary items from len[]: covered items carry
 * DLX_COVERED, so len <= 1 alone means active with at most one option.
 */
static void low_rebuild(dlx_problem *p)
{
	const int32_t *len = p->len;
	p->low[0] = 0;
	for (int32_t j = 1; j <= p->np; j++)
		p->low[j] = len[j] <= 1;
	memset(p->low + p->np + 1, 0, 8);
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
	int r = grow((void **)&p->forced, &p->cap_forced, p->n_forced + 1, sizeof *p->forced, INT32_MAX);
	if (r)
		return r;
	commit_option(p, x, &p->forced_updates);
	p->forced[p->n_forced++] = x;
	return DLX_OK;
}

/* Snapshots are kept only for problems this small (48 MB of nodes). */
#define SNAPSHOT_MAX_NODES ((size_t)1 << 22)

/* Copies the current links, with nothing forced, into p->snap; on failure there is none. */
static void snapshot_take(dlx_problem *p)
{
	size_t n = p->n_items;
	struct snapshot *sn = calloc(1, sizeof *sn);
	if (!sn)
		return;
	p->snap = sn;
	sn->up = malloc(p->n_nodes * sizeof *sn->up);
	sn->down = malloc(p->n_nodes * sizeof *sn->down);
	bool nodes_ok = sn->up && sn->down;
	if (p->color)
		sn->color = malloc(p->n_nodes * sizeof *sn->color);
	sn->len = malloc((n + 1) * sizeof *sn->len);
	sn->set = malloc((n + 1) * sizeof *sn->set);
	sn->pos = malloc((n + 1) * sizeof *sn->pos);
	if (!nodes_ok || (p->color && !sn->color) || !sn->len || !sn->set || !sn->pos) {
		snapshot_free(p);
		return;
	}
	memcpy(sn->up, p->node.up, p->n_nodes * sizeof *sn->up);
	memcpy(sn->down, p->node.down, p->n_nodes * sizeof *sn->down);
	if (p->color)
		memcpy(sn->color, p->color, p->n_nodes * sizeof *sn->color);
	memcpy(sn->len, p->len, (n + 1) * sizeof *sn->len);
	memcpy(sn->set, p->set, (n + 1) * sizeof *sn->set);
	memcpy(sn->pos, p->pos, (n + 1) * sizeof *sn->pos);
	sn->n_act_p = p->n_act_p;
	sn->n_act_s = p->n_act_s;
}

static void snapshot_restore(dlx_problem *p)
{
	const struct snapshot *sn = p->snap;
	size_t n = p->n_items;
	memcpy(p->node.up, sn->up, p->n_nodes * sizeof *sn->up);
	memcpy(p->node.down, sn->down, p->n_nodes * sizeof *sn->down);
	if (p->color)
		memcpy(p->color, sn->color, p->n_nodes * sizeof *sn->color);
	memcpy(p->len, sn->len, (n + 1) * sizeof *sn->len);
	memcpy(p->set, sn->set, (n + 1) * sizeof *sn->set);
	memcpy(p->pos, sn->pos, (n + 1) * sizeof *sn->pos);
	p->n_act_p = sn->n_act_p;
	p->n_act_s = sn->n_act_s;
}

void dlx_release_forced(dlx_problem *p)
{
	if (!p || !p->n_forced)
		return;
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

/*
 * X3: the minimum-remaining-values item, the lowest-numbered one on ties.
 *
 * Most of a search's nodes have an item with at most one option left (a
 * forced move; a dead end only at the root, since the search gives up on
 * choices that empty an item), and the low bytes name those items in item
 * order, so the common case reads a few words instead of every item's len.
 * Otherwise every active item has two or more options: a scan of len[] in
 * item order (covered items carry DLX_COVERED) may stop at the first 2.
 * Without the low bytes every node scans: the sparse set of active items,
 * shorter than len[] once the search is deep; the packed (len, item) key
 * keeps that scan branch-free and its answer the same as the ordered one's.
 */
static ALWAYS_INLINE int32_t choose_item(const dlx_problem *p, bool maybe_zero, const bool track)
{
	const int32_t *len = p->len;
	if (!track) {
		uint64_t best = UINT64_MAX;
		for (int32_t k = 0, n = p->n_act_p; k < n; k++) {
			int32_t j = p->set[k];
			uint64_t key = (uint64_t)(uint32_t)len[j] << 32 | (uint32_t)j;
			best = key < best ? key : best;
			if (len[j] == 0)
				break;
		}
		return (int32_t)(uint32_t)best;
	}
	const uint8_t *low = p->low;
	const int32_t np = p->np;
	int32_t one = 0;
	/* Eight items' bytes at a time; the bytes past np are 0. */
	for (int32_t k = 1; k <= np; k += 8) {
		uint64_t m;
		memcpy(&m, low + k, sizeof m);
		if (!m)
			continue;
		if (!maybe_zero)
			return k + first_byte(m);
		/* At the root: an item with no option at all comes first. */
		for (int32_t j = k; j < k + 8 && j <= np; j++) {
			if (!low[j])
				continue;
			if (len[j] == 0)
				return j;
			if (!one)
				one = j;
		}
	}
	if (one)
		return one;
	int32_t best = INT32_MAX, bi = 0;
	for (int32_t j = 1; j <= np; j++) {
		if (len[j] < best) {
			best = len[j];
			bi = j;
			if (best == 2)
				break;
		}
	}
	return bi;
}

/*
 * Knuth's estimate of the fraction of the tree done: at each level the
 * options already tried, weighted by the share of the tree that level's
 * node stands for (the product of 1/len of the levels above).
 */
static double progress_of(const dlx_problem *p, size_t level)
{
	const struct dlx_nodes nd = p->node;
	double done = 0, share = 1;
	for (size_t l = 0; l < level; l++) {
		int32_t x = p->choice[l], i = nd.top[x], tried = 0;
		for (int32_t y = nd.down[i]; y != x; y = nd.down[y])
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
static ALWAYS_INLINE int search_impl(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats,
				      struct dlx__leaf_sink *leaf, const dlx_stats *start, const bool track,
				      const bool colors)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
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
	if (track)
		low_rebuild(p);
	int32_t *choice = p->choice, *lens = p->lens;
	size_t *sol = p->sol;
	for (size_t k = 0; k < p->n_forced; k++)
		sol[k] = option_of(p->node, p->forced[k]);

	const struct dlx_nodes nd = p->node;
	const int32_t *len = p->len;
	const uint64_t sol_limit = params->solution_limit;
	const uint64_t node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	uint32_t poll_left = poll_every;
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

x2:	/* Enter a new search node. */
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
	 * Below the root no primary item is ever empty here: the covers that
	 * would empty one are undone at once (below).  At the root a forced
	 * option may have emptied one.
	 */
	i = choose_item(p, level == 0, track);
	lens[level] = len[i];
	branches += len[i] > 1;
	mark(p, i, track);
	{
		/*
		 * Covering i may empty other items: that need not be a dead end
		 * (an option of i may cover them), so the flag is not used here.
		 */
		bool emptied = false;
		updates += cover(p, i, &emptied, track, colors);
	}
	x = nd.down[i];
x5:	/* Try option x, or backtrack when item i's options are exhausted. */
	if (x == i) {
		uncover(p, i, track, colors);
		unmark(p, i, track);
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
		int32_t last = commit_rest_until_empty(p, x, &updates, track, colors);
		if (last) {
			uncommit_back(p, x, last, track, colors);
			unmark_rest(p, x, track, colors);
			x = nd.down[x];
			goto x5;
		}
	}
	choice[level++] = x;
	goto x2;

x8:	/* Leave the current level and try the next option there. */
	if (level == 0)
		goto done;
	x = choice[--level];
	uncommit_rest(p, x, track, colors);
	unmark_rest(p, x, track, colors);
	i = nd.top[x];
	x = nd.down[x];
	goto x5;

unwind:	/* Stopped early: undo every level's covers so the problem is as before. */
	while (level > 0) {
		x = choice[--level];
		uncommit_rest(p, x, track, colors);
		unmark_rest(p, x, track, colors);
		uncover(p, nd.top[x], track, colors);
		unmark(p, nd.top[x], track);
	}
done:
	st.solutions = solutions;
	st.nodes = nodes;
	st.updates = updates;
	st.branches = branches;
	st.progress = st.stop == DLX_STOP_COMPLETE ? 1.0 : progress_of(p, level);
	if (stats)
		*stats = st;
	return rc;
}

static int search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats,
		  struct dlx__leaf_sink *leaf, const dlx_stats *start)
{
	if (p && p->color)
		return p->track ? search_impl(p, params, stats, leaf, start, true, true)
				: search_impl(p, params, stats, leaf, start, false, true);
	if (p && p->track)
		return search_impl(p, params, stats, leaf, start, true, false);
	return search_impl(p, params, stats, leaf, start, false, false);
}

int dlx_search(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats)
{
	return search(p, params, stats, NULL, NULL);
}

int dlx__search_from(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, const dlx_stats *start)
{
	return search(p, params, stats, NULL, start);
}

int dlx__walk_leaves(dlx_problem *p, struct dlx__leaf_sink *leaf, const dlx_search_params *params, dlx_stats *st)
{
	dlx_search_params polls = DLX_SEARCH_PARAMS_INIT;
	if (params) {
		polls.on_poll = params->on_poll;
		polls.poll_ctx = params->poll_ctx;
		polls.poll_interval = params->poll_interval;
	}
	leaf->deeper = false;
	return search(p, &polls, st, leaf, NULL);
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
	c->low = NULL;
	c->node = (struct dlx_nodes){ NULL, NULL, NULL };
	c->color = NULL;
	c->opt_start = NULL;
	c->forced = NULL;
	c->snap = NULL;
	c->choice = c->lens = NULL;
	c->sol = NULL;
	c->cap_sol = 0;
	size_t n = p->n_items;
	c->len = malloc((n + 1) * sizeof *c->len);
	c->set = malloc((n + 1) * sizeof *c->set);
	c->pos = malloc((n + 1) * sizeof *c->pos);
	c->mark = calloc(n + 2, sizeof *c->mark);
	c->low = malloc(low_words(n) * sizeof *c->low);
	bool nodes_ok = nodes_alloc(&c->node, p->cap_nodes);
	if (p->color)
		c->color = malloc(p->cap_nodes * sizeof *c->color);
	c->opt_start = p->cap_options ? malloc(p->cap_options * sizeof *c->opt_start) : NULL;
	c->forced = p->cap_forced ? malloc(p->cap_forced * sizeof *c->forced) : NULL;
	if (!c->len || !c->set || !c->pos || !c->mark || !c->low || !nodes_ok || (p->color && !c->color) || (p->cap_options && !c->opt_start) ||
	    (p->cap_forced && !c->forced)) {
		dlx_problem_free(c);
		return NULL;
	}
	c->mark_stamp = 0;
	memcpy(c->len, p->len, (n + 1) * sizeof *c->len);
	memcpy(c->set, p->set, (n + 1) * sizeof *c->set);
	memcpy(c->pos, p->pos, (n + 1) * sizeof *c->pos);
	nodes_copy(&c->node, &p->node, p->n_nodes);
	if (p->color)
		memcpy(c->color, p->color, p->n_nodes * sizeof *c->color);
	if (p->n_options)
		memcpy(c->opt_start, p->opt_start, p->n_options * sizeof *c->opt_start);
	if (p->n_forced)
		memcpy(c->forced, p->forced, p->n_forced * sizeof *c->forced);
	return c;
}

void dlx__set_tracking(dlx_problem *p, int mode)
{
	p->track_mode = (int8_t)(mode < 0 ? -1 : mode > 0);
	p->track = want_tracking(p);
}

void dlx__release_to(dlx_problem *p, size_t keep)
{
	while (p->n_forced > keep) {
		uncommit_option(p, p->forced[--p->n_forced]);
	}
}

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
