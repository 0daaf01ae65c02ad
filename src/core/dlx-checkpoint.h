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

#define DLX__CK_VERSION 1u
#define DLX__CK_HEADER 80u
#define DLX__CK_PART 1u  /* flags: a part's checkpoint (dlx_search_parts_resume()) */
#define DLX__CK_SPLIT 2u /* flags: a search in threads' (dlx_search_split_resume()) */
#define DLX__CK_MPART 4u /* flags: a bounded part's (Algorithm M's cut, dlx_search_parts_resume()) */

/* FNV-1a, 64 bits, of n bytes from the state h (the offset basis to begin). */
uint64_t dlx__ck_fnv(uint64_t h, const unsigned char *b, size_t n);
#define DLX__CK_FNV_OFFSET 0xcbf29ce484222325u

void dlx__ck_put32(unsigned char *b, uint32_t v);
void dlx__ck_put64(unsigned char *b, uint64_t v);
uint32_t dlx__ck_get32(const unsigned char *b);
uint64_t dlx__ck_get64(const unsigned char *b);

/* The fingerprint of what shapes p's search tree; DLX_OK or DLX_ERR_NOMEM. */
int dlx__ck_fingerprint(const dlx_problem *p, uint64_t *out);

/* Fills err with msg; returns DLX_ERR_SYNTAX. */
int dlx__ck_refuse(dlx_error_info *err, const char *msg);

/*
 * The checks that need no problem (magic, version, length, checksum, the
 * flags' own bytes); *extra gets the bytes between the header and the
 * path, *flags the flags.  DLX_OK or a refusal.
 */
int dlx__ck_check_bytes(const unsigned char *b, size_t len, size_t *extra, uint32_t *flags, dlx_error_info *err);

/*
 * The split search's side of dlx_checkpoint_save() (dlx-checkpoint-split.c):
 * p->ck_part->split set.  Same contract.
 */
int dlx__ck_split_save(const dlx_problem *p, uint64_t user, void **out, size_t *len);

#endif
