/*
 * What the checkpoints of one-thread searches (dlx-checkpoint.c) and of
 * searches spread over threads (dlx-checkpoint-split.c) share: the bytes'
 * layout, their checks, the problem's fingerprint.  Not installed.
 */
#ifndef DLX_CHECKPOINT_H
#define DLX_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

struct dlx__replay;

#define DLX__CK_VERSION 1u
#define DLX__CK_HEADER 80u
#define DLX__CK_PART 1u  /* flags: a part's checkpoint (dlx_search_parts_resume()) */
#define DLX__CK_SPLIT 2u /* flags: a search in threads' (dlx_search_split_resume()) */
#define DLX__CK_MPART 4u /* flags: a bounded part's (Algorithm M's cut, dlx_search_parts_resume()) */
/* flags: a part's searched in threads (dlx_search_parts_split_resume()): the split layout, and the part */
#define DLX__CK_SPLIT_PART (DLX__CK_SPLIT | DLX__CK_PART)
/* flags: a bounded search in threads (dlx-checkpoint-msplit.c), and a bounded part's */
#define DLX__CK_MSPLIT 8u
#define DLX__CK_MSPLIT_PART (DLX__CK_MSPLIT | DLX__CK_PART)
/* flags: a memoized count's (dlx-checkpoint-memo.c), and a part's */
#define DLX__CK_MEMO 16u
#define DLX__CK_MEMO_PART (DLX__CK_MEMO | DLX__CK_PART)
/* What the other resumes say of a memoized count's checkpoint. */
#define DLX__CK_MEMO_REFUSAL "checkpoint of a memoized count (dlx --memo), not of this search: resume it with --memo"

/* FNV-1a, 64 bits, of n bytes from the state h (the offset basis to begin). */
uint64_t dlx__ck_fnv(uint64_t h, const unsigned char *b, size_t n);
#define DLX__CK_FNV_OFFSET 0xcbf29ce484222325u

void dlx__ck_put32(unsigned char *b, uint32_t v);
void dlx__ck_put64(unsigned char *b, uint64_t v);
uint32_t dlx__ck_get32(const unsigned char *b);
uint64_t dlx__ck_get64(const unsigned char *b);

/* The counters of a checkpoint's header (solutions, nodes, updates, branches, max_level), the rest of *st zero. */
void dlx__ck_get_counters(const unsigned char *b, dlx_stats *st);

/*
 * The header of a checkpoint of n bytes at b: magic, version, flags,
 * length, fingerprint fp, the counters of *st (nodes as given), the
 * path's depth and the caller's number.
 */
void dlx__ck_put_header(unsigned char *b, uint32_t flags, size_t n, uint64_t fp, const dlx_stats *st, uint32_t depth,
			uint64_t user);

/* The fingerprint of what shapes p's search tree; DLX_OK or DLX_ERR_NOMEM. */
int dlx__ck_fingerprint(const dlx_problem *p, uint64_t *out);

/*
 * What every resume checks first: err emptied, stats set to an error's;
 * DLX_ERR_INVALID for a NULL p or a NULL ckpt with len > 0, DLX_ERR_STATE
 * while an iterator searches p, else DLX_OK.
 */
int dlx__ck_enter(dlx_problem *p, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err);

/* Fills err with msg; returns DLX_ERR_SYNTAX. */
int dlx__ck_refuse(dlx_error_info *err, const char *msg);

/*
 * The checks that need no problem (magic, version, length, checksum, the
 * flags' own bytes); *extra gets the bytes between the header and the
 * path, *flags the flags.  DLX_OK or a refusal.
 */
int dlx__ck_check_bytes(const unsigned char *b, size_t len, size_t *extra, uint32_t *flags, dlx_error_info *err);

/* The fingerprint of a part of p's search: p's (fp) and the part's path. */
uint64_t dlx__ck_part_fingerprint(uint64_t fp, const dlx_part *path, size_t depth);

/*
 * The part's path saved at byte `at` of a checkpoint (u32 depth D, u32 0,
 * D x (u32 K, u32 M)) against the part searched (depth 0: the whole
 * search): DLX_OK, or a refusal that names both.
 */
int dlx__ck_check_part_path(const unsigned char *b, size_t len, size_t at, const dlx_part *part, size_t depth,
			    dlx_error_info *err);

/* "K/M.J/N" of a part's path, into buf (at least 8 * 24 bytes). */
void dlx__ck_part_name(char *buf, size_t size, const dlx_part *path, size_t depth);

/*
 * A checkpoint of a one-thread search (flags 0) or of a part searched in
 * one thread (flags 1 or 4), checked against p (fingerprint fp, already a
 * part's for a part) and the part the caller searches (NULL, 0: the whole
 * tree), read into *rp, its path malloc'd into *path (items, then
 * options); a part's also gives the job and the option under way in *job
 * and *opt.  DLX_OK or a refusal (DLX_ERR_SYNTAX, err saying why), or
 * DLX_ERR_NOMEM.
 */
int dlx__ck_parse(const dlx_problem *p, const unsigned char *b, size_t len, uint64_t fp, const dlx_part *part,
		  size_t part_depth, struct dlx__replay *rp, uint32_t **path, uint64_t *job, uint64_t *opt,
		  dlx_error_info *err);

/*
 * The split search's side of dlx_checkpoint_save_with()
 * (dlx-checkpoint-split.c): p->ck_part->split set.  Same contract; user
 * is called while the workers are parked.
 */
int dlx__ck_split_save(const dlx_problem *p, dlx_checkpoint_user_fn user, void *ctx, void **out, size_t *len);

/* The memoized count's side of dlx__ck_split_save() (dlx-checkpoint-memo.c), reached through p->ck_part->live_save. */
int dlx__ck_memo_save(const dlx_problem *p, dlx_checkpoint_user_fn user, void *ctx, void **out, size_t *len);

/* The bounded search's side of dlx__ck_split_save() (dlx-checkpoint-msplit.c): p->ck_part->msplit. */
int dlx__ck_msplit_save(const dlx_problem *p, dlx_checkpoint_user_fn user, void *ctx, void **out, size_t *len);

/*
 * A bounded search in threads from the start or from a checkpoint
 * (dlx-checkpoint-msplit.c): the whole tree (part NULL, depth 0) or a
 * part; fp the fingerprint (a part's for a part); p checked, no forced
 * options.
 */
int dlx__ck_msplit_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads, const dlx_part *part,
			  size_t depth, uint64_t fp, const void *ckpt, size_t len, dlx_stats *stats, dlx_error_info *err);

/*
 * dlx_search_parts_split_resume() in threads, or of a part's checkpoint in
 * threads (dlx-checkpoint-split.c): p checked, part checked, not bounded.
 */
int dlx__ck_parts_split_resume(dlx_problem *p, const dlx_search_params *params, unsigned threads,
			       const dlx_part *part, size_t depth, const void *ckpt, size_t len, dlx_stats *stats,
			       dlx_error_info *err);

#endif
