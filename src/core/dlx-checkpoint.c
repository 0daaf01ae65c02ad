/*
 * Checkpoints of a one-thread search (dlx_search_resume(),
 * dlx_checkpoint_save()): the bytes that hold where a search stands, the
 * fingerprint that ties them to their problem, and their checks.  The
 * search itself saves nothing: at a poll or an early stop it leaves its
 * path in the problem (choice[], ck_level), which is all this file reads.
 *
 * The bytes, every number little-endian:
 *
 *   0  "DLXCKPT\0"                 magic
 *   8  u32 version (1)             u32 0 (flags, none yet)
 *  16  u64 length of the whole     u64 fingerprint of the problem
 *  32  u64 solutions, nodes, updates, branches (the counters so far)
 *  64  u32 max_level               u32 depth L of the path
 *  72  u64 the caller's number (dlx --all: the bytes of solutions written)
 *  80  L x (u32 item, u32 option)  the item branched on and the option chosen at each level
 *  80+8L  u64 FNV-1a of every byte before it
 *
 * A part's checkpoint (dlx_search_parts_resume()) has flags 1, and between
 * the header and the path:
 *
 *  80  u32 the part's depth D      u32 0
 *  88  D x (u32 K, u32 M)          the part's path, outermost first
 *  88+8D  u64 the job under way (its rank in the order the part's jobs
 *         are searched in), u64 the option of its run under way (its rank
 *         in the run), then the path within that option's subtree
 *
 * the fingerprint then also covering the part's path.  A bounded part's
 * (Algorithm M, whose part is a run of the whole search that keeps the
 * leaves of its cut the part owns) has flags 4, and after the part's path
 *
 *  88+8D  u32 the cut's stages S   u32 0
 *  96+8D  S x u64 the leaves each stage met, then u64 the nodes and u64
 *         the branches of the walk above the cut, u64 the link updates
 *         below it, then the path from the root (Algorithm M's: a level's
 *         option is 0xffffffff where the level closes its item)
 *
 * its counters the run's own (above the cut too).
 *
 * A path names options by number and items by number, so it does not
 * depend on where nodes sit in memory, only on the search's order, which
 * the fingerprint covers.
 */
#include "dlx.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-checkpoint.h"
#include "dlx-cut.h"
#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

#define CK_VERSION DLX__CK_VERSION
#define CK_HEADER DLX__CK_HEADER
#define CK_PART DLX__CK_PART
#define CK_SPLIT DLX__CK_SPLIT
#define CK_MPART DLX__CK_MPART
static const unsigned char ck_magic[8] = { 'D', 'L', 'X', 'C', 'K', 'P', 'T', 0 };

#define FNV_OFFSET 0xcbf29ce484222325u
#define FNV_PRIME 0x100000001b3u

/*
 * FNV-1a, 64 bits: each step is a bijection of the state, so two inputs
 * of one length that differ in a single byte never hash alike, which is
 * what a flipped or torn byte looks like.
 */
uint64_t dlx__ck_fnv(uint64_t h, const unsigned char *b, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		h ^= b[k];
		h *= FNV_PRIME;
	}
	return h;
}

#define fnv_bytes dlx__ck_fnv

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];
	for (int k = 0; k < 8; k++)
		b[k] = (unsigned char)(v >> (8 * k));
	return fnv_bytes(h, b, sizeof b);
}

void dlx__ck_put32(unsigned char *b, uint32_t v)
{
	for (int k = 0; k < 4; k++)
		b[k] = (unsigned char)(v >> (8 * k));
}

void dlx__ck_put64(unsigned char *b, uint64_t v)
{
	for (int k = 0; k < 8; k++)
		b[k] = (unsigned char)(v >> (8 * k));
}

uint32_t dlx__ck_get32(const unsigned char *b)
{
	uint32_t v = 0;
	for (int k = 3; k >= 0; k--)
		v = v << 8 | b[k];
	return v;
}

uint64_t dlx__ck_get64(const unsigned char *b)
{
	uint64_t v = 0;
	for (int k = 7; k >= 0; k--)
		v = v << 8 | b[k];
	return v;
}

#define put32 dlx__ck_put32
#define put64 dlx__ck_put64
#define get32 dlx__ck_get32
#define get64 dlx__ck_get64

/*
 * What shapes the search tree, outside a search: the items, each option's
 * items and colors, the propagation mode, the forced options in order,
 * and each item's list as linked (the order options are tried in, which a
 * seed's shuffle sets; options hidden by forced ones are missing from it).
 */
int dlx__ck_fingerprint(const dlx_problem *p, uint64_t *out)
{
	uint64_t h = fnv_bytes(FNV_OFFSET, (const unsigned char *)"dlx-fingerprint-1", 17);
	h = fnv_u64(h, p->n_primary);
	h = fnv_u64(h, p->n_secondary);
	h = fnv_u64(h, p->n_options);
	h = fnv_u64(h, (uint64_t)dlx_get_propagation(p));
	size_t *opt_of = malloc((p->n_nodes ? p->n_nodes : 1) * sizeof *opt_of);
	if (!opt_of)
		return DLX_ERR_NOMEM;
	for (size_t o = 0; o < p->n_options; o++) {
		size_t m = dlx_option_size(p, o);
		h = fnv_u64(h, m);
		for (size_t k = 0; k < m; k++) {
			opt_of[(size_t)p->opt_start[o] + k] = o;
			h = fnv_u64(h, dlx_option_item(p, o, k));
			h = fnv_u64(h, dlx_option_color(p, o, k));
		}
	}
	/* Bounds shape the search (Algorithm M's tree): a bounded problem's fingerprint covers them. */
	if (dlx__bounded(p))
		for (size_t i = 0; i < p->n_primary; i++) {
			h = fnv_u64(h, p->mult->lo[i]);
			h = fnv_u64(h, p->mult->hi[i]);
		}
	h = fnv_u64(h, p->n_forced);
	for (size_t k = 0; k < p->n_forced; k++)
		h = fnv_u64(h, opt_of[p->forced[k]]);
	const struct dlx_nodes nd = p->node;
	for (int32_t i = 1; i <= (int32_t)p->n_items; i++) {
		for (int32_t x = nd.down[i]; x != i; x = nd.down[x])
			h = fnv_u64(h, opt_of[x]);
		h = fnv_u64(h, UINT64_MAX);
	}
	free(opt_of);
	*out = h;
	return DLX_OK;
}

/* dlx_checkpoint_save()'s number, as a dlx_checkpoint_user_fn. */
static int constant_user(void *ctx, uint64_t *user)
{
	*user = *(const uint64_t *)ctx;
	return DLX_OK;
}

int dlx_checkpoint_save(const dlx_problem *p, uint64_t user, void **out, size_t *len)
{
	return dlx_checkpoint_save_with(p, constant_user, &user, out, len);
}

int dlx_checkpoint_save_with(const dlx_problem *p, dlx_checkpoint_user_fn user_fn, void *ctx, void **out,
			     size_t *len)
{
	if (out)
		*out = NULL;
	if (len)
		*len = 0;
	if (!p || !out || !len || !user_fn)
		return DLX_ERR_INVALID;
	if (p->ck_armed && p->ck_part && p->ck_part->split)
		return dlx__ck_split_save(p, user_fn, ctx, out, len);
	if (!p->ck_armed || p->ck_where == DLX_CK_NONE || p->iterating)
		return DLX_ERR_STATE;
	uint64_t user;
	int rc = user_fn(ctx, &user);
	if (rc)
		return rc;
	size_t depth = p->ck_level;
	const struct dlx__ck_part *pc = p->ck_part && p->ck_part->on ? p->ck_part : NULL;
	const bool mcut = pc && pc->mcut;
	size_t extra = mcut ? 8 + 8 * pc->depth + 8 + 8 * (size_t)pc->n_stages + 24 : pc ? 8 + 8 * pc->depth + 16 : 0;
	size_t n = CK_HEADER + extra + 8 * depth + 8;
	unsigned char *b = malloc(n);
	if (!b)
		return DLX_ERR_NOMEM;
	dlx_stats at = p->ck_at;
	/* A poll's node was entered: the resumed search enters it again and counts it then. */
	at.nodes -= p->ck_where == DLX_CK_ENTERED;
	if (pc && pc->max > at.max_level)
		at.max_level = pc->max;
	dlx__ck_put_header(b, mcut ? CK_MPART : pc ? CK_PART : 0, n, p->ck_fp, &at, (uint32_t)depth, user);
	if (pc) {
		put32(b + CK_HEADER, (uint32_t)pc->depth);
		put32(b + CK_HEADER + 4, 0);
		for (size_t d = 0; d < pc->depth; d++) {
			put32(b + CK_HEADER + 8 + 8 * d, pc->path[d].part);
			put32(b + CK_HEADER + 12 + 8 * d, pc->path[d].parts);
		}
		unsigned char *at = b + CK_HEADER + 8 + 8 * pc->depth;
		if (mcut) {
			put32(at, pc->n_stages);
			put32(at + 4, 0);
			for (uint32_t s = 0; s < pc->n_stages; s++)
				put64(at + 8 + 8 * s, pc->seen[s]);
			at += 8 + 8 * (size_t)pc->n_stages;
			put64(at, pc->shared_nodes);
			put64(at + 8, pc->shared_branches);
			put64(at + 16, pc->owned_updates);
		} else {
			put64(at, pc->job);
			put64(at + 8, pc->opt);
		}
	}
	for (size_t l = 0; l < depth; l++) {
		int32_t x = p->choice[l];
		/* Algorithm M's branch without an option is its item's header. */
		bool none = x <= (int32_t)p->n_items;
		put32(b + CK_HEADER + extra + 8 * l, (uint32_t)((none ? x : p->node.top[x]) - 1));
		put32(b + CK_HEADER + extra + 8 * l + 4,
		      none ? DLX__CK_NO_OPTION : (uint32_t)dlx__option_of_node(p, x));
	}
	put64(b + n - 8, fnv_bytes(FNV_OFFSET, b, n - 8));
	*out = b;
	*len = n;
	return DLX_OK;
}

/* Fills err with msg and returns DLX_ERR_SYNTAX: a checkpoint is input, and this one is bad. */
int dlx__ck_refuse(dlx_error_info *err, const char *msg)
{
	if (err) {
		err->line = 0;
		size_t n = strlen(msg);
		if (n > sizeof err->message - 1)
			n = sizeof err->message - 1;
		memcpy(err->message, msg, n);
		err->message[n] = '\0';
	}
	return DLX_ERR_SYNTAX;
}

#define refuse dlx__ck_refuse

int dlx__ck_enter(dlx_problem *p, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err)
{
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
	if (stats)
		memset(stats, 0, sizeof *stats), stats->stop = DLX_STOP_ERROR;
	if (!p || (!ckpt && len))
		return DLX_ERR_INVALID;
	return p->iterating ? DLX_ERR_STATE : DLX_OK;
}

/*
 * The checks that need no problem: magic, version, length, checksum; DLX_OK
 * or a refusal.  *extra gets the bytes between the header and the path (a
 * part's: its depth, its path, the job and the option under way; a split
 * search's: everything, its header's path being empty).
 */
int dlx__ck_check_bytes(const unsigned char *b, size_t len, size_t *extra, uint32_t *flags, dlx_error_info *err)
{
	if (len < sizeof ck_magic || memcmp(b, ck_magic, sizeof ck_magic))
		return refuse(err, "not a dlx checkpoint (no DLXCKPT header)");
	if (len < 16)
		return refuse(err, "truncated checkpoint");
	uint32_t fl = len >= 16 ? get32(b + 12) : 0;
	if (get32(b + 8) != CK_VERSION || (fl > DLX__CK_SPLIT_PART && fl != CK_MPART && fl != DLX__CK_MSPLIT &&
					     fl != DLX__CK_MSPLIT_PART && fl != DLX__CK_MEMO && fl != DLX__CK_MEMO_PART))
		return refuse(err, "checkpoint of another version of the format (this dlx reads version 1)");
	if (len < CK_HEADER + 8)
		return refuse(err, "truncated checkpoint");
	uint64_t total = get64(b + 16);
	if (total > len)
		return refuse(err, "truncated checkpoint (shorter than its header says)");
	if (total < len)
		return refuse(err, "corrupted checkpoint (longer than its header says)");
	if (get64(b + len - 8) != fnv_bytes(FNV_OFFSET, b, len - 8))
		return refuse(err, "corrupted checkpoint (checksum mismatch)");
	*extra = 0;
	*flags = get32(b + 12);
	if (*flags == CK_SPLIT || *flags == DLX__CK_SPLIT_PART || *flags == DLX__CK_MSPLIT ||
	    *flags == DLX__CK_MSPLIT_PART || *flags == DLX__CK_MEMO || *flags == DLX__CK_MEMO_PART) {
		/* Its own layout after the header (dlx-checkpoint-split.c, -msplit.c, -memo.c), checked there. */
		const size_t own = *flags & DLX__CK_MEMO ? 92 : *flags & DLX__CK_MSPLIT ? 24 : 32;
		if (len < CK_HEADER + own + 8 || get32(b + 68) != 0)
			return refuse(err, "corrupted checkpoint (its path's length disagrees with its size)");
		*extra = len - CK_HEADER - 8;
	}
	if (*flags == CK_PART || *flags == CK_MPART) {
		uint32_t d = len >= CK_HEADER + 16 ? get32(b + CK_HEADER) : 0;
		if (d < 1 || d > DLX_MAX_PART_DEPTH || get32(b + CK_HEADER + 4) != 0)
			return refuse(err, "corrupted checkpoint (a part's path of no allowed depth)");
		*extra = 8 + 8 * (size_t)d + 16;
		if (*flags == CK_MPART) {
			size_t at = CK_HEADER + 8 + 8 * (size_t)d;
			uint32_t n = len >= at + 8 + 8 ? get32(b + at) : 0;
			if (n < 1 || n > DLX_MAX_PART_DEPTH || get32(b + at + 4) != 0)
				return refuse(err, "corrupted checkpoint (a cut of no allowed depth)");
			*extra = 8 + 8 * (size_t)d + 8 + 8 * (size_t)n + 24;
		}
		if (len < CK_HEADER + *extra + 8)
			return refuse(err, "corrupted checkpoint (its path's length disagrees with its size)");
	}
	if (get32(b + 68) != (len - CK_HEADER - *extra - 8) / 8 || (len - CK_HEADER - *extra) % 8)
		return refuse(err, "corrupted checkpoint (its path's length disagrees with its size)");
	return DLX_OK;
}

int dlx_checkpoint_user(const void *ckpt, size_t len, uint64_t *user, dlx_error_info *err)
{
	if (err) {
		err->line = 0;
		err->message[0] = '\0';
	}
	if (user)
		*user = 0;
	if (!ckpt || !user)
		return DLX_ERR_INVALID;
	size_t extra;
	uint32_t flags;
	int rc = dlx__ck_check_bytes(ckpt, len, &extra, &flags, err);
	if (!rc)
		*user = get64((const unsigned char *)ckpt + 72);
	return rc;
}

void dlx__ck_part_name(char *buf, size_t size, const dlx_part *path, size_t depth)
{
	size_t at = 0;
	buf[0] = '\0';
	for (size_t d = 0; d < depth && at < size; d++) {
		int w = snprintf(buf + at, size - at, "%s%" PRIu32 "/%" PRIu32, d ? "." : "", path[d].part,
				 path[d].parts);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

int dlx__ck_check_part_path(const unsigned char *b, size_t len, size_t at, const dlx_part *part, size_t depth,
			    dlx_error_info *err)
{
	char msg[sizeof err->message], saved[8 * 24], mine[8 * 24];
	size_t d = len >= at + 8 ? get32(b + at) : 0;
	if (d < 1 || d > DLX_MAX_PART_DEPTH || get32(b + at + 4) != 0 || len < at + 8 + 8 * d + 8)
		return refuse(err, "corrupted checkpoint (a part's path of no allowed depth)");
	dlx_part theirs[DLX_MAX_PART_DEPTH];
	bool same = d == depth;
	for (size_t k = 0; k < d; k++) {
		theirs[k].part = get32(b + at + 8 + 8 * k);
		theirs[k].parts = get32(b + at + 12 + 8 * k);
		same = same && theirs[k].part == part[k].part && theirs[k].parts == part[k].parts;
	}
	if (same)
		return DLX_OK;
	dlx__ck_part_name(saved, sizeof saved, theirs, d);
	dlx__ck_part_name(mine, sizeof mine, part, depth);
	int w = depth ? snprintf(msg, sizeof msg, "checkpoint of part %s of the search, not of part %s", saved, mine)
		      : snprintf(msg, sizeof msg, "checkpoint of part %s of the search, not of the whole search", saved);
	if (w < 0)
		msg[0] = '\0';
	return refuse(err, msg);
}

uint64_t dlx__ck_part_fingerprint(uint64_t fp, const dlx_part *path, size_t depth)
{
	uint64_t h = fnv_bytes(fp, (const unsigned char *)"dlx-part-1", 10);
	h = fnv_u64(h, depth);
	for (size_t d = 0; d < depth; d++)
		h = fnv_u64(fnv_u64(h, path[d].part), path[d].parts);
	return h;
}

int dlx__ck_parse(const dlx_problem *p, const unsigned char *b, size_t len, uint64_t fp, const dlx_part *part,
		 size_t part_depth, struct dlx__replay *rp, uint32_t **path, uint64_t *job, uint64_t *opt,
		 dlx_error_info *err)
{
	size_t extra;
	uint32_t flags;
	int rc = dlx__ck_check_bytes(b, len, &extra, &flags, err);
	if (rc)
		return rc;
	if (flags & DLX__CK_MEMO)
		return refuse(err, DLX__CK_MEMO_REFUSAL);
	if (flags == CK_SPLIT)
		return refuse(err, part_depth ? "checkpoint of a count of the whole search in threads, not of a part"
					      : "checkpoint of a count in threads, not of a one-thread search "
						"(resume it as a count in threads: --threads N, "
						"dlx_search_split_resume())");
	if (flags == DLX__CK_MSPLIT)
		return refuse(err, part_depth ? "checkpoint of a count of the whole search in threads, not of a part"
					      : "checkpoint of a count in threads, not of a one-thread search "
						"(resume it as a count in threads: --threads N, "
						"dlx_search_split_resume())");
	if (flags == DLX__CK_SPLIT_PART || flags == DLX__CK_MSPLIT_PART)
		return refuse(err, part_depth ? "checkpoint of a part searched in threads, not of one searched in "
						"one thread"
					      : "checkpoint of a part of the search (dlx --part), not of the whole "
						"search");
	/* The fingerprint tells bounded problems apart too; this says it plainly. */
	if ((flags == CK_MPART) != (part_depth && dlx__bounded(p)) && flags != 0)
		return refuse(err, flags == CK_MPART ? "checkpoint of a part of a problem with bounds, not of this one"
						     : "checkpoint of a part of a problem without bounds, not of this one");
	uint64_t depth = get32(b + 68);
	char msg[sizeof err->message], mine[8 * 24];
	if (extra) {
		rc = dlx__ck_check_part_path(b, len, CK_HEADER, part, part_depth, err);
		if (rc)
			return rc;
		size_t d = get32(b + CK_HEADER);
		*job = get64(b + CK_HEADER + 8 + 8 * d);
		*opt = get64(b + CK_HEADER + 16 + 8 * d);
	} else if (part_depth) {
		dlx__ck_part_name(mine, sizeof mine, part, part_depth);
		if (snprintf(msg, sizeof msg, "checkpoint of the whole search, not of part %s", mine) < 0)
			msg[0] = '\0';
		return refuse(err, msg);
	}
	if (get64(b + 24) != fp)
		return refuse(err, "checkpoint of another problem, or of other options that shape the search "
				   "(seed, propagation, forced options)");
	/*
	 * A path of L levels was entered down to level L - 1 at least.  Each
	 * of Algorithm X's levels covers a primary item; Algorithm M's (bounds)
	 * at least tweaks an option away or closes an item.
	 */
	const bool bounded = dlx__bounded(p);
	const uint64_t deepest = (uint64_t)p->n_primary + (bounded ? p->n_options : 0);
	if (depth > deepest || get32(b + 64) > deepest || (depth && get32(b + 64) < depth - 1))
		return refuse(err, "corrupted checkpoint (a path deeper than the problem allows)");
	*path = malloc((depth ? depth : 1) * 2 * sizeof **path);
	if (!*path)
		return DLX_ERR_NOMEM;
	uint32_t *item = *path, *option = *path + depth;
	for (size_t l = 0; l < depth; l++) {
		item[l] = get32(b + CK_HEADER + extra + 8 * l);
		option[l] = get32(b + CK_HEADER + extra + 8 * l + 4);
		if (item[l] >= p->n_primary ||
		    (option[l] >= p->n_options && !(bounded && option[l] == DLX__CK_NO_OPTION))) {
			free(*path);
			*path = NULL;
			return refuse(err, "corrupted checkpoint (an item or option out of range)");
		}
	}
	rp->depth = (size_t)depth;
	rp->item = item;
	rp->option = option;
	dlx__ck_get_counters(b, &rp->at);
	return DLX_OK;
}

void dlx__ck_put_header(unsigned char *b, uint32_t flags, size_t n, uint64_t fp, const dlx_stats *st, uint32_t depth,
			uint64_t user)
{
	memcpy(b, ck_magic, sizeof ck_magic);
	put32(b + 8, CK_VERSION);
	put32(b + 12, flags);
	put64(b + 16, n);
	put64(b + 24, fp);
	put64(b + 32, st->solutions);
	put64(b + 40, st->nodes);
	put64(b + 48, st->updates);
	put64(b + 56, st->branches);
	put32(b + 64, st->max_level);
	put32(b + 68, depth);
	put64(b + 72, user);
}

void dlx__ck_get_counters(const unsigned char *b, dlx_stats *st)
{
	memset(st, 0, sizeof *st);
	st->solutions = get64(b + 32);
	st->nodes = get64(b + 40);
	st->updates = get64(b + 48);
	st->branches = get64(b + 56);
	st->max_level = get32(b + 64);
}

int dlx_search_resume(dlx_problem *p, const dlx_search_params *params, const void *ckpt, size_t len,
		      dlx_stats *stats, dlx_error_info *err)
{
	int rc = dlx__ck_enter(p, ckpt, len, stats, err);
	if (rc)
		return rc;
	/* Whatever happens next, the last search's state is not to be saved any more. */
	p->ck_armed = false;
	uint64_t fp;
	rc = dlx__ck_fingerprint(p, &fp);
	if (rc)
		return rc;
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	struct dlx__replay rp = { 0, NULL, NULL, { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 } };
	uint32_t *path = NULL;
	uint64_t job, opt;
	if (ckpt) {
		rc = dlx__ck_parse(p, ckpt, len, fp, NULL, 0, &rp, &path, &job, &opt, err);
		if (rc)
			return rc;
	}
	params = params ? params : &defaults;
	/* A limit the saved solutions reach already: the search stops where it would have, at once. */
	if (params->solution_limit && rp.at.solutions >= params->solution_limit) {
		free(path);
		if (stats) {
			*stats = rp.at;
			stats->stop = DLX_STOP_LIMIT;
			stats->progress = 0;
		}
		return DLX_OK;
	}
	/* Armed before the search: its polls may save it. */
	p->ck_fp = fp;
	p->ck_armed = true;
	if (p->ck_part)
		p->ck_part->on = false, p->ck_part->split = 0;
	/* Bounds: Algorithm M's search, whose path names each level's item and branch the same way. */
	rc = dlx__bounded(p) ? dlx__search_m_replay(p, params, &rp, stats) : dlx__search_replay(p, params, &rp, stats);
	free(path);
	if (rc == DLX_ERR_INVALID) {
		p->ck_armed = false;
		return refuse(err, "corrupted checkpoint (its path is not one this problem's search takes)");
	}
	return rc;
}

/* The caller's poll, with the progress of the part: the jobs done, and the job under way's. */
struct parts_polls {
	const dlx_search_params *params;
	const dlx_problem *p;
	size_t n_jobs;
};

static int parts_poll(void *ctx, const dlx_stats *so_far)
{
	const struct parts_polls *pp = ctx;
	dlx_stats st = *so_far;
	double job = so_far->progress < 0 ? 0 : so_far->progress > 1 ? 1 : so_far->progress;
	st.progress = pp->n_jobs ? ((double)pp->p->ck_part->job + job) / (double)pp->n_jobs : 0;
	return pp->params->on_poll(pp->params->poll_ctx, &st);
}

/*
 * Searches the part's jobs in the order a split search takes them, from
 * rank k0 on, the first resumed from rp at option rank u0 of its run;
 * the totals in *tot (from rp->at).  p at its own forced options (base).
 */
static int parts_run(dlx_problem *p, const struct dlx__cut *cut, const size_t *order, size_t n_order, uint64_t k0,
		     uint64_t u0, const struct dlx__replay *rp, const dlx_search_params *wp, dlx_stats *tot)
{
	size_t base = dlx_forced_count(p);
	int rc = DLX_OK;
	*tot = rp->at;
	tot->stop = DLX_STOP_COMPLETE;
	for (uint64_t k = k0; k < n_order; k++) {
		const struct dlx__job *job = &cut->jobs[order[k]];
		const struct dlx__group *g = &cut->groups[job->group];
		const bool here = k == k0;
		uint64_t setup = 0;
		p->ck_part->job = k;
		p->ck_part->opt = 0;
		p->ck_part->max = tot->max_level;
		rc = dlx__force_path(p, dlx__group_path(cut, g), g->n, &setup);
		if (!rc && job->first)
			rc = dlx__branch_open(p, job->first, &setup);
		if (rc) {
			dlx__release_to(p, base);
			break;
		}
		const struct dlx__replay fresh = { 0, NULL, NULL, *tot };
		const struct dlx__replay *from = here ? rp : &fresh;
		dlx_stats st;
		if (job->first) {
			rc = dlx__search_range_resume(p, job->first, job->last, here ? u0 : 0, from, wp, &st);
			dlx__branch_close(p, job->first);
		} else if (here && u0) {
			/* A job that is a whole node has one option rank: 0. */
			rc = DLX_ERR_INVALID;
			st = *tot;
			st.stop = DLX_STOP_ERROR;
		} else {
			rc = dlx__search_replay(p, wp, from, &st);
			if (tot->max_level > st.max_level)
				st.max_level = tot->max_level;
		}
		dlx__release_to(p, base);
		*tot = st;
		if (rc || st.stop != DLX_STOP_COMPLETE)
			break;
	}
	return rc;
}

/*
 * A bounded part's figures from its run's own, as dlx_search_parts() gives
 * them: the nodes, branches and updates below the cut.
 */
static dlx_stats mpart_stats(const dlx_stats *run, uint64_t shared_nodes, uint64_t shared_branches,
			     uint64_t owned_updates)
{
	dlx_stats st = *run;
	st.nodes -= shared_nodes;
	st.branches -= shared_branches;
	st.updates = owned_updates;
	return st;
}

/*
 * dlx_search_parts_resume() of a bounded problem: Algorithm M's cut of the
 * part planned again (it depends on the problem and the part alone), its
 * counters set as the checkpoint saved them, the path replayed, then on.
 */
static int mpart_resume(dlx_problem *p, const dlx_search_params *params, const dlx_part *part, size_t depth,
			const void *ckpt, size_t len, uint64_t fp, dlx_stats *stats, dlx_error_info *err)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	params = params ? params : &defaults;
	if (!p->ck_part && !(p->ck_part = calloc(1, sizeof *p->ck_part)))
		return DLX_ERR_NOMEM;
	struct dlx__ck_part *pc = p->ck_part;
	struct dlx__replay rp = { 0, NULL, NULL, { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 } };
	uint32_t *path = NULL;
	uint64_t job, opt;
	struct dlx__mcut plan;
	dlx_stats walks;
	/* The plan, without polls: its probes are bounded, and a stop there would leave nothing to save. */
	int rc = dlx__mcut_plan(p, part, depth, 512, &defaults, &plan, &walks);
	if (rc)
		return rc;
	dlx__mcut_reset(&plan);
	plan.claim = NULL;
	plan.lead = false;
	pc->on = true;
	pc->mcut = true;
	pc->split = 0;
	pc->depth = depth;
	pc->max = 0;
	memcpy(pc->path, part, depth * sizeof *part);
	pc->n_stages = (uint32_t)plan.n;
	if (ckpt) {
		rc = dlx__ck_parse(p, ckpt, len, fp, part, depth, &rp, &path, &job, &opt, err);
		if (rc)
			return rc;
		const unsigned char *b = ckpt;
		size_t at = CK_HEADER + 8 + 8 * depth;
		if (get32(b + at) != plan.n) {
			free(path);
			return refuse(err, "corrupted checkpoint (a cut of another depth than the part's)");
		}
		for (size_t s = 0; s < plan.n; s++)
			plan.stage[s].seen = get64(b + at + 8 + 8 * s);
		at += 8 + 8 * plan.n;
		plan.shared_nodes = get64(b + at);
		plan.shared_branches = get64(b + at + 8);
		plan.owned_updates = get64(b + at + 16);
		if (plan.shared_nodes > rp.at.nodes || plan.shared_branches > rp.at.branches ||
		    plan.owned_updates > rp.at.updates) {
			free(path);
			return refuse(err, "corrupted checkpoint (the walk above the cut counts more than the run)");
		}
	}
	if (params->solution_limit && rp.at.solutions >= params->solution_limit) {
		free(path);
		if (stats) {
			*stats = mpart_stats(&rp.at, plan.shared_nodes, plan.shared_branches, plan.owned_updates);
			stats->stop = DLX_STOP_LIMIT;
			stats->progress = 0;
		}
		return DLX_OK;
	}
	p->ck_fp = fp;
	p->ck_armed = true;
	dlx_stats run;
	rc = dlx__search_m_part_replay(p, params, &plan, &rp, &run);
	free(path);
	if (rc == DLX_ERR_INVALID) {
		p->ck_armed = false;
		return refuse(err, "corrupted checkpoint (its path is not one this problem's search takes)");
	}
	if (stats) {
		*stats = mpart_stats(&run, plan.shared_nodes, plan.shared_branches, plan.owned_updates);
		if (rc)
			stats->stop = DLX_STOP_ERROR;
	}
	return rc;
}

int dlx_search_parts_resume(dlx_problem *p, const dlx_search_params *params, const dlx_part *part, size_t depth,
			    const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err)
{
	return dlx_search_parts_split_resume(p, params, 1, part, depth, ckpt, len, stats, err);
}

int dlx_search_parts_split_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads,
				  const dlx_part *part, size_t depth, const void *ckpt, size_t len, dlx_stats *stats,
				  dlx_error_info *err)
{
	int rc = dlx__ck_enter(p, ckpt, len, stats, err);
	if (!rc)
		rc = dlx__check_parts(part, depth);
	if (rc)
		return rc;
	p->ck_armed = false;
	uint64_t fp;
	rc = dlx__ck_fingerprint(p, &fp);
	if (rc)
		return rc;
	fp = dlx__ck_part_fingerprint(fp, part, depth);
	/* In threads, or a part's checkpoint saved in threads (which one thread resumes as one worker). */
	size_t extra;
	uint32_t flags = 0;
	if (ckpt && dlx__ck_check_bytes(ckpt, len, &extra, &flags, NULL) != DLX_OK)
		flags = 0;
	/* A checkpoint of threads goes to the threaded resumes, which tell a bounded one from a plain one. */
	const bool threaded = threads > 1 || flags == DLX__CK_SPLIT_PART || flags == DLX__CK_MSPLIT_PART;
	if (dlx__bounded(p)) {
		if (threaded)
			return dlx__ck_msplit_resume(p, params, threads, part, depth, fp, ckpt, len, stats, err);
		return mpart_resume(p, params, part, depth, ckpt, len, fp, stats, err);
	}
	if (threaded)
		return dlx__ck_parts_split_resume(p, params, threads, part, depth, ckpt, len, stats, err);
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	struct dlx__replay rp = { 0, NULL, NULL, { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 } };
	uint32_t *path = NULL;
	uint64_t k0 = 0, u0 = 0;
	if (ckpt) {
		rc = dlx__ck_parse(p, ckpt, len, fp, part, depth, &rp, &path, &k0, &u0, err);
		if (rc)
			return rc;
	}
	params = params ? params : &defaults;
	if (params->solution_limit && rp.at.solutions >= params->solution_limit) {
		free(path);
		if (stats) {
			*stats = rp.at;
			stats->stop = DLX_STOP_LIMIT;
			stats->progress = 0;
		}
		return DLX_OK;
	}
	/* The cut, without polls: its walks are bounded, and a stop there would leave nothing to save. */
	struct dlx__cut cut;
	dlx_stats walks;
	size_t first, stride, n_order = 0;
	rc = dlx__part_cut(p, part, depth, &defaults, &cut, &first, &stride, &walks);
	size_t *order = rc ? NULL : dlx__part_job_order(&cut, first, stride, &n_order);
	if (!rc && !order)
		rc = DLX_ERR_NOMEM;
	if (!rc && !p->ck_part && !(p->ck_part = calloc(1, sizeof *p->ck_part)))
		rc = DLX_ERR_NOMEM;
	if (!rc && ckpt && k0 >= n_order) {
		dlx__cut_free(&cut);
		free(order);
		free(path);
		return refuse(err, "corrupted checkpoint (a job past the part's)");
	}
	dlx_stats tot = rp.at;
	if (!rc) {
		struct parts_polls pp = { params, p, n_order };
		dlx_search_params wp = *params;
		if (params->on_poll) {
			wp.on_poll = parts_poll;
			wp.poll_ctx = &pp;
		}
		/* Armed before the search: its polls may save it. */
		p->ck_fp = fp;
		p->ck_armed = true;
		p->ck_part->on = true;
		p->ck_part->mcut = false;
		p->ck_part->split = 0;
		p->ck_part->depth = depth;
		memcpy(p->ck_part->path, part, depth * sizeof *part);
		rc = parts_run(p, &cut, order, n_order, k0, u0, &rp, &wp, &tot);
		tot.progress = tot.stop == DLX_STOP_COMPLETE ? 1.0 : n_order ? (double)p->ck_part->job / (double)n_order : 0;
	}
	dlx__cut_free(&cut);
	free(order);
	free(path);
	if (rc == DLX_ERR_INVALID) {
		p->ck_armed = false;
		return refuse(err, "corrupted checkpoint (its path is not one this problem's search takes)");
	}
	if (rc)
		tot.stop = DLX_STOP_ERROR;
	if (stats)
		*stats = tot;
	return rc;
}
