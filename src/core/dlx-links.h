/*
 * The dancing-links primitives shared by forcing (dlx-force.c) and the
 * search (dlx-search.c); not installed.  They are static, and the ones the
 * search calls in its loop are forced inline: the search calls them with
 * constant flags and must compile into one routine, in dlx-search.c, with no
 * calls across files.  The layout they work on is in dlx-problem.h.
 *
 * Covering and uncovering
 * -----------------------
 * When item i is covered, it leaves its horizontal list and every option in
 * its vertical list leaves the vertical lists of its other items ("hide").
 * Uncovering undoes these in exactly the reverse order, which restores every
 * link because each removed node still remembers its neighbours: that is the
 * dancing-links trick, and it is why uncover order must mirror cover order.
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
#ifndef DLX_LINKS_H
#define DLX_LINKS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dlx-problem.h"

static inline void low_clear(uint8_t *low, int32_t i)
{
	low[i] = 0;
}

/* Branch-free: whether a len crosses 1 is as good as random in a search. */
static inline void low_put(uint8_t *low, int32_t i, int32_t len)
{
	low[i] = len <= 1;
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
 * The hides lower *least to the least len they leave an item with (a
 * secondary item's never goes below DLX_SECONDARY, see dlx-problem.h; a
 * marked item's stays above DLX_COVERED), so 0 says that a primary item
 * was emptied, and 2 or more that none was left with one option or none:
 * a node whose parent had no such item needs no scan for one (`calm`, see
 * choose_scan() below).  Only the copies that keep the low bytes (`track`)
 * need that; the others only lower it to 0 when an item is emptied (a
 * conditional move on the decrement's flags: callgrind, pentominoes 3x20
 * and Langford 10 counted, -3.8% and -0.9% against the flag it replaced;
 * a minimum there cost +4.7%).
 *
 * Two flags, constants in every caller so that the compiler makes a copy of
 * the search for each combination: with `track` they keep the low bytes up
 * to date (see choose_item() below); with `colors` a hide skips the nodes a
 * purification marked.
 */
#define ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * The search loops (search_impl(), memo_impl(), build_impl(), ...) are
 * compiled once per combination of their constant flags: that is what
 * makes the release build fast.  A sanitizer build (meson.build defines
 * DLX_ONE_COPY with b_sanitize) compiles each loop once, its flags read at
 * run time: the same source and the same paths, but instrumented once
 * rather than a dozen times, which had made dlx-search.c alone take four
 * minutes of gcc's ASan and five of clang's pointer-overflow checks, the
 * longest step of CI.  The release build's copies are checked by valgrind.
 */
#ifdef DLX_ONE_COPY
#if defined(__clang__)
#define SPECIALIZED __attribute__((noinline))
#else
#define SPECIALIZED __attribute__((noinline, noclone))
#endif
#else
#define SPECIALIZED ALWAYS_INLINE
#endif

/*
 * Knuth's minimum-remaining-values rule over the active primary items: the
 * one with the fewest options, the lowest-numbered on ties (one key compares
 * both), stopping at an emptied item.  Shared by the plain search (when it
 * keeps no low bytes) and the memoized search and diagram, whose trees must
 * branch alike.  O(active primary items).
 */
static ALWAYS_INLINE int32_t mrv_scan(const dlx_problem *p)
{
	const int32_t *len = p->len;
	uint64_t best = UINT64_MAX;
	for (int32_t k = 0, n = p->n_act_p; k < n; k++) {
		int32_t j = p->set[k];
		DLX_COUNT_SCAN(p, 1);
		uint64_t key = (uint64_t)(uint32_t)len[j] << 32 | (uint32_t)j;
		best = key < best ? key : best;
		if (len[j] == 0)
			break;
	}
	return (int32_t)(uint32_t)best;
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

/*
 * Sets the low bytes of the primary items from len[]: covered items carry
 * DLX_COVERED, so len <= 1 alone means active with at most one option.
 */
static inline void low_rebuild(dlx_problem *p)
{
	const int32_t *len = p->len;
	p->low[0] = 0;
	for (int32_t j = 1; j <= p->np; j++)
		p->low[j] = len[j] <= 1;
	memset(p->low + p->np + 1, 0, 8);
	int32_t j = 1;
	while (j <= p->np && len[j] >= DLX_COVERED)
		j++;
	p->low_from = j;
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
 *
 * With the low bytes the scans start at p->scan_from: every primary item
 * before it is covered, so its byte is 0 and its len ranks last.  A chain of
 * forced moves covers the items in order, and a scan from item 1 would read
 * the whole covered prefix at every node: quadratic in the chain's length.
 * So a scan that passes 128 zero bytes moves scan_from past the covered
 * items there (not past every zero byte: an active item with two or more
 * options has one too), which costs no more than the scan did.  It stops
 * at the first open item: behind one that stays open along a chain, every
 * node would read the chain's covered prefix again, so the searches of wide
 * problems (`skipping`, see search_wide() in dlx-search.c) move past open
 * items too, as choose_item_skipping() does.  Its skipped[] is empty
 * otherwise: every search that uses this starts with scan_reset().
 *
 * `calm`: the caller knows that no active primary item has fewer than two
 * options (the parent had none, and the hides of the move from it left
 * none: see hide()), so the low bytes are all 0 and only the scan of len[]
 * is made.  Along a path of two-way choices (a strip whose cells each have
 * a domino and a single) every node read all the low bytes to find none:
 * n / 8 words a node, quadratic.
 */
static ALWAYS_INLINE int32_t choose_scan(dlx_problem *p, bool maybe_zero, size_t level, const bool skipping,
					  bool calm);

static ALWAYS_INLINE int32_t choose_item(dlx_problem *p, bool maybe_zero, size_t level, const bool track,
					   const bool skipping, bool calm)
{
	if (!track)
		return mrv_scan(p);
	return choose_scan(p, maybe_zero, level, skipping, calm);
}

/*
 * Moves scan_from (see choose_item_skipping()) from the first open item
 * to item upto, 1,024 or more items on, when the open items between, with
 * the ones still open in skipped[], number at most DLX_SKIPPED and one
 * for each DLX_SKIP_SPAN items from the start of the scans (low_from) to
 * upto; else leaves it (it stops at the first open item past that).
 * Every node reads skipped[] where its scan read the words of the items
 * it moved past, so the bound keeps those reads within a quarter of the
 * ones they replace (a fixed room of 16 left a chain behind 17 open items
 * quadratic: 0.4 s at 10^5 items).  It reads an item at a time
 * where the scan that led to it read eight, and the move may not last
 * (a search that backtracks above the level starts over), so the scans
 * call it only once the long runs they read since its last call add up to
 * 32 times this one (skip_credit): its reads cost at most a quarter of
 * theirs.  Called at every long run, it made a tromino tiling of a 100x100
 * board take 29% more instructions; moving past some of the open items
 * when not all fit made a 49x49 sudoku's search read up to 16 more items
 * at every node for nothing.  Where it fails, as on sudoku (its open
 * items are too many), it reads room's worth of them for nothing: each
 * failure in a row doubles the wait, up to 64 times (skip_failed; at a
 * fixed wait it failed 6,256 times in 200,000 nodes of a 49x49 sudoku,
 * reading 380 items each: 1.8% of the search's instructions).
 */
static __attribute__((noinline, cold)) void skip_open(dlx_problem *p, int32_t upto)
{
	const int32_t *len = p->len;
	int32_t kept = 0;
	for (int32_t e = 0; e < p->n_skipped; e++) {
		DLX_COUNT_SCAN(p, 1);
		if (len[p->skipped[e]] < DLX_COVERED)
			p->skipped[kept++] = p->skipped[e];
	}
	int32_t n = kept, from = p->scan_from, j = from;
	p->skip_calls++;
	const int32_t room = DLX_SKIPPED + (upto - p->low_from) / DLX_SKIP_SPAN;
	for (; j < upto; j++) {
		DLX_COUNT_SCAN(p, 1);
		if (len[j] < DLX_COVERED) {
			if (n >= room)
				break;
			p->skipped[n++] = j;
		}
	}
	if (j == upto) {
		p->n_skipped = n;
		p->scan_from = upto;
		p->skip_failed = 0;
	} else {
		/* skipped[kept..n) are not past scan_from: dropped. */
		p->n_skipped = kept;
		if (p->skip_failed < DLX_SKIP_BACKOFF)
			p->skip_failed++;
	}
}

/*
 * The scans of len[] (no item has one option left) start past the covered
 * items from scan_from, and move it past them as the low bytes' scan does
 * (choose_scan()): a node that knows it has no item of one option (`calm`)
 * reads no low byte, and along a path of such nodes the covered prefix
 * would otherwise be read again at each.  They read an item where the low
 * bytes' scan reads eight, so they move after 16 items rather than 128
 * (at 128 a path of two-way dominoes read 64 items a node); the plain
 * search going back up then starts where that level's node did
 * (scan_at[] in dlx-search.c) rather than from low_from.
 */
static inline int32_t lens_scan_start(dlx_problem *p, size_t level)
{
	const int32_t *len = p->len;
	int32_t from = p->scan_from;
	while (from <= p->np && len[from] >= DLX_COVERED) {
		DLX_COUNT_SCAN(p, 1);
		from++;
	}
	if (from - p->scan_from >= 16) {
		p->scan_from = from;
		p->scan_level = level;
	}
	return from;
}

/*
 * choose_item_skipping()'s scan of len[] where no item has one option left:
 * skipped[], then from scan_from.  A function of its own: the loop of
 * choose_scan() with best > 2 in its test took a third more instructions on
 * wide tilings, and the same loop written beside it there moved the
 * registers of the other searches' copies.
 */
static __attribute__((noinline)) int32_t lens_scan_skipping(dlx_problem *p, size_t level)
{
	const int32_t *len = p->len;
	const int32_t np = p->np;
	int32_t best = INT32_MAX, bi = 0;
	for (int32_t e = 0; e < p->n_skipped; e++) {
		int32_t j = p->skipped[e];
		DLX_COUNT_SCAN(p, 1);
		if (len[j] < best) {
			best = len[j];
			bi = j;
			if (best == 2)
				return bi;
		}
	}
	for (int32_t j = lens_scan_start(p, level); j <= np; j++) {
		DLX_COUNT_SCAN(p, 1);
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
 * choose_item() for the memoized count, the diagram and Knuth's estimate,
 * the same answer: its start moves past open items too.  A chain of forced
 * moves behind an item that stays open with two or more options (a
 * corridor behind an undecided region) kept choose_item()'s start at that
 * item, and every node read the chain's covered prefix again: quadratic
 * (--estimate=20 on 4 x 10^5 single-option items behind one open item:
 * 412 s).  Here a scan that still finds 1,024 items before its first hit
 * once the covered ones are passed keeps the open ones there in skipped[]
 * when few enough (skip_open()), read first at every node (they come
 * before scan_from), and moves past them.  The plain search does the same
 * on problems of more than 8,192 primary items (search_wide() in
 * dlx-search.c), in copies of its own.
 */
static ALWAYS_INLINE int32_t choose_item_skipping(dlx_problem *p, bool maybe_zero, size_t level)
{
	return choose_scan(p, maybe_zero, level, true, false);
}

/* The scans of choose_item() (skipping false: skipped[] is empty) and of choose_item_skipping(). */
static ALWAYS_INLINE int32_t choose_scan(dlx_problem *p, bool maybe_zero, size_t level, const bool skipping,
					  bool calm)
{
	const int32_t *len = p->len;
	const uint8_t *low = p->low;
	const int32_t np = p->np;
	int32_t one = 0;
	if (calm)
		goto lens;
	for (int32_t e = 0, ne = skipping ? p->n_skipped : 0; e < ne; e++) {
		int32_t j = p->skipped[e];
		DLX_COUNT_SCAN(p, 1);
		if (!low[j])
			continue;
		if (!maybe_zero || len[j] == 0)
			return j;
		if (!one)
			one = j;
	}
	int32_t from = p->scan_from;
	/* Eight items' bytes at a time; the bytes past np are 0. */
	for (int32_t k = from; k <= np; k += 8) {
		uint64_t m;
		DLX_COUNT_SCAN(p, 1);
		memcpy(&m, low + k, sizeof m);
		if (!m)
			continue;
		/* A long run of zero bytes may be covered items: start past those next time. */
		if (!skipping && k - from >= 128) {
			while (from <= np && len[from] >= DLX_COVERED)
				from++;
			p->scan_from = from;
			p->scan_level = level;
		} else if (skipping && k - from >= 128 && !one) {
			while (from <= np && len[from] >= DLX_COVERED) {
				DLX_COUNT_SCAN(p, 1);
				from++;
			}
			p->scan_from = from;
			p->scan_level = level;
			if (k - from >= 1024) {
				p->skip_credit += (uint64_t)(k - from);
				if (p->skip_credit >= ((uint64_t)32 << p->skip_failed) * (uint64_t)(k - from)) {
					p->skip_credit = 0;
					skip_open(p, k);
					from = p->scan_from;
				}
			}
		}
		if (!maybe_zero)
			return skipping && one ? one : k + first_byte(m);
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
lens:
	if (skipping)
		return lens_scan_skipping(p, level);
	int32_t best = INT32_MAX, bi = 0;
	for (int32_t j = lens_scan_start(p, level); j <= np; j++) {
		DLX_COUNT_SCAN(p, 1);
		if (len[j] < best) {
			best = len[j];
			bi = j;
			if (best == 2)
				break;
		}
	}
	return bi;
}

/* choose_item()'s scans from the first open item again: a search's start, or a path changed above scan_level. */
static inline void scan_reset(dlx_problem *p)
{
	p->scan_from = p->low_from;
	p->scan_level = 0;
	p->n_skipped = 0;
}

/*
 * Where a node's scans started, once it chose (scan_mark()), and its
 * children's start after the search came back up to it from below
 * scan_level (scan_back()): every item before it is still covered or in
 * skipped[], unless a skip_open() below rewrote skipped[] (it drops the
 * items covered there, open again here): then from low_from.  Starting
 * from low_from every time, a search that goes back up and down a long
 * covered prefix (a memoized count of a strip, whose subtrees are hits)
 * read that prefix again at every node.
 */
static inline struct dlx__scan_mark scan_mark(const dlx_problem *p)
{
	return (struct dlx__scan_mark){ p->scan_from, p->skip_calls };
}

static inline void scan_back(dlx_problem *p, struct dlx__scan_mark m, size_t level)
{
	if (m.skips != p->skip_calls) {
		scan_reset(p);
		return;
	}
	p->scan_from = m.from;
	p->scan_level = level;
}

/*
 * The searches besides dlx_search()'s that branch on the item with the
 * fewest options (memoized counts, diagrams) keep the low bytes too, so that
 * a chain of forced moves costs no scan of every open item at every node
 * (which made them quadratic in its length where dlx_search() is not).
 * tracked_start() sets the low bytes from len[] as such a search starts.
 */
static inline void tracked_start(dlx_problem *p)
{
	low_rebuild(p);
	scan_reset(p);
}

/*
 * choose_item() for those searches, which do not reset scan_from as they
 * backtrack: a choice at the level that moved it, or above, starts over
 * (a path changed above that level covers other items below it).
 * maybe_zero: an item may have no option here (the root, or the cover of
 * the parent's item emptied one); the answer is mrv_scan()'s in any case.
 */
static ALWAYS_INLINE int32_t choose_tracked(dlx_problem *p, size_t level, bool maybe_zero)
{
	if (level <= p->scan_level)
		scan_reset(p);
	return choose_item_skipping(p, maybe_zero, level);
}

/*
 * The lowest-numbered primary item that covering item i left with no
 * option, or 0: a walk of i's options (the updates the cover made), not of
 * every item.  Below a node, only that cover can have emptied an item (a
 * commit that empties one is given up), so a search that knows which
 * cover may have (memo, diagrams) asks this before choose_tracked(): a
 * chain of disjoint pairs empties the other of each pair at every level,
 * and a scan of every item's byte there would make it quadratic again.
 */
static inline int32_t emptied_by(const dlx_problem *p, int32_t i)
{
	const int32_t *top = p->node.top, *up = p->node.up, *down = p->node.down, *len = p->len;
	int32_t best = 0;
	for (int32_t pp = down[i]; pp != i; pp = down[pp]) {
		for (int32_t q = pp + 1; q != pp;) {
			int32_t x = top[q];
			if (x <= 0) {
				q = up[q];
				continue;
			}
			if (x <= p->np && len[x] == 0 && (!best || x < best))
				best = x;
			q++;
		}
	}
	return best;
}

/*
 * choose_tracked() below the node that branched on item `parent`, whose
 * scans started at `at` (scan_mark()): `least`
 * is the least len its cover left (see hide()), the parent's own len
 * folded in; 0 when an item may have been emptied.  `calm`: the commits of
 * the option chosen there left every item two or more options.  With both,
 * the node has no item of fewer than two (see choose_item()).
 */
static ALWAYS_INLINE int32_t choose_below(dlx_problem *p, size_t level, int32_t parent, int32_t least, bool calm,
					   struct dlx__scan_mark at)
{
	int32_t z = least == 0 ? emptied_by(p, parent) : 0;
	if (z)
		return z;
	if (level <= p->scan_level)
		scan_back(p, at, level - 1);
	return choose_scan(p, false, level, true, least >= 2 && calm);
}

/* Takes node q out of item x's list: one link update (hide()'s loop body). */
static ALWAYS_INLINE void hide_node(int32_t q, int32_t x, int32_t *restrict up, int32_t *restrict down,
				    int32_t *restrict len, uint8_t *restrict low, int32_t *least, uint64_t *k,
				    const bool track)
{
	int32_t u = up[q], d = down[q];
	down[u] = d;
	up[d] = u;
	int32_t l = --len[x];
	if (track) {
		low_put(low, x, l);
		*least = l < *least ? l : *least;
	} else {
		*least = l == 0 ? 0 : *least;
	}
	++*k;
}

/*
 * The arrays an unhide works on.  uncover() reads them from the problem
 * once rather than once per option: the compiler must otherwise
 * reload them after every store, which might have changed the problem's
 * fields (callgrind: dlx-sudoku --unique -2.0%, queens, Langford and
 * pentomino counts -0.6% to -1.6% of all instructions).  cover() does not:
 * there the registers they take cost the exact-cover counts 1% more.
 */
struct dlx__live {
	int32_t *top, *up, *down, *len;
	uint8_t *low;
	const int32_t *color;
};

static ALWAYS_INLINE struct dlx__live live_of(const dlx_problem *p)
{
	return (struct dlx__live){ p->node.top, p->node.up, p->node.down, p->len, p->low, p->color };
}

static ALWAYS_INLINE uint64_t hide(dlx_problem *p, int32_t pp, int32_t *least, const bool track, const bool colors)
{
	int32_t *restrict top = p->node.top, *restrict up = p->node.up, *restrict down = p->node.down;
	int32_t *restrict len = p->len;
	uint8_t *restrict low = p->low;
	const int32_t *color = p->color;
	uint64_t k = 0;
	int32_t m = *least;
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
		if (!colors || color[q] >= 0)
			hide_node(q, x, up, down, len, low, &m, &k, track);
		q++;
	}
	for (q = up[q]; q != pp; q++) {
		if (!colors || color[q] >= 0)
			hide_node(q, top[q], up, down, len, low, &m, &k, track);
	}
	*least = m;
	return k;
}

/* The mirror image of hide(): left to the spacer, then from the option's last node. */
static ALWAYS_INLINE void unhide_in(struct dlx__live lv, int32_t pp, const bool track, const bool colors)
{
	int32_t *restrict top = lv.top, *restrict up = lv.up, *restrict down = lv.down;
	int32_t *restrict len = lv.len;
	uint8_t *restrict low = lv.low;
	const int32_t *color = lv.color;
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

static ALWAYS_INLINE void unhide(dlx_problem *p, int32_t pp, const bool track, const bool colors)
{
	unhide_in(live_of(p), pp, track, colors);
}

/*
 * Takes the option of node y out of every list, for good rather than for
 * a cover of one of its items: y from its own item's list, the rest as
 * hide() does.  Returns whether that left a primary item with no option;
 * the link updates are added to *updates.  restore_option() puts it back;
 * removals are undone in the reverse order.  The propagation's subsumption
 * (dlx-propagate.c) and dlx_blocked_options() (dlx-reduce.c) remove options
 * so.
 */
static ALWAYS_INLINE bool remove_option(dlx_problem *p, int32_t y, uint64_t *updates, const bool track,
					const bool colors)
{
	int32_t *up = p->node.up, *down = p->node.down;
	int32_t b = p->node.top[y];
	int32_t least = INT32_MAX;
	hide_node(y, b, up, down, p->len, p->low, &least, updates, track);
	*updates += hide(p, y, &least, track, colors);
	return least == 0;
}

static ALWAYS_INLINE void restore_option(dlx_problem *p, int32_t y, const bool track, const bool colors)
{
	int32_t *up = p->node.up, *down = p->node.down;
	int32_t b = p->node.top[y];
	unhide(p, y, track, colors);
	down[up[y]] = y;
	up[down[y]] = y;
	int32_t l = ++p->len[b];
	if (track)
		low_put(p->low, b, l);
}

/*
 * An item is marked covered (DLX_COVERED added to its len, its low byte
 * cleared) before its options are hidden, and unmarked after they are back.
 * Marking every item of a chosen option first means that the hides made
 * while committing it never see those items' lengths fall to 0: only an
 * item that the option does not cover can be emptied, and that is a dead
 * end (see commit_rest_until_empty() in dlx-search.c).
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
static ALWAYS_INLINE uint64_t cover(dlx_problem *p, int32_t i, int32_t *least, const bool track, const bool colors)
{
	const int32_t *down = p->node.down;
	uint64_t k = 1;
	int32_t m = *least; /* a register, not *least, for the hides to update */
	for (int32_t pp = down[i]; pp != i; pp = down[pp])
		k += hide(p, pp, &m, track, colors);
	if (track)
		p->n_act_p -= i <= p->np;
	else
		deactivate(p, i);
	*least = m;
	return k;
}

static ALWAYS_INLINE void uncover(dlx_problem *p, int32_t i, const bool track, const bool colors)
{
	const struct dlx__live lv = live_of(p);
	const int32_t *up = lv.up;
	if (track)
		p->n_act_p += i <= p->np;
	else
		reactivate(p, i);
	for (int32_t pp = up[i]; pp != i; pp = up[pp])
		unhide_in(lv, pp, track, colors);
}

/*
 * Purifying the item of node x, which has color c: hide the options that
 * give the item another color, mark those that give it c.  Knuth counts
 * neither the marks nor the item as link updates; the hides count.  Node x
 * itself keeps its color, so that uncommitting it sees what to undo.
 *
 * purify() and unpurify() are plain static, as they were before the engine
 * was split into files: the compiler keeps them out of the search's loop
 * where it sees fit (declared inline, unpurify() went into every copy and
 * cost 1.6% of the instructions on sudoku).  Every file that includes this
 * header calls them, through commit() and uncommit().
 */
static uint64_t purify(dlx_problem *p, int32_t x, int32_t *least, const bool track)
{
	const struct dlx_nodes nd = p->node;
	int32_t *color = p->color;
	int32_t c = color[x], i = nd.top[x];
	uint64_t k = 0;
	int32_t m = *least;
	color[i] = c;
	for (int32_t q = nd.down[i]; q != i; q = nd.down[q]) {
		if (color[q] != c)
			k += hide(p, q, &m, track, true);
		else if (q != x)
			color[q] = -1;
	}
	*least = m;
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

static ALWAYS_INLINE uint64_t commit(dlx_problem *p, int32_t q, int32_t *least, const bool track,
				     const bool colors)
{
	if (commits_cover(p, q, colors))
		return cover(p, p->node.top[q], least, track, colors);
	if (p->color[q] > 0)
		return purify(p, q, least, track);
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
 * Commits the items of the option of node x other than x's own (marked
 * already), left to right, but stops at the first commit that leaves a
 * primary item with no option: that choice is a dead end.  Returns the node
 * it stopped after (undo with uncommit_back()), or 0 when all are done and
 * then lowers *least as the hides did (see hide()).
 */
static ALWAYS_INLINE int32_t commit_rest_until_empty(dlx_problem *p, int32_t x, uint64_t *updates,
						     int32_t *least, const bool track, const bool colors)
{
	const struct dlx_nodes nd = p->node;
	uint64_t k = 0;
	int32_t m = *least;
	for (int32_t q = x + 1; q != x;) {
		if (nd.top[q] <= 0) {
			q = nd.up[q];
			continue;
		}
		k += commit(p, q, &m, track, colors);
		if (m == 0) {
			*updates += k;
			return q;
		}
		q++;
	}
	*updates += k;
	*least = m;
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

#endif
