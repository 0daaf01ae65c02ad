/*
 * Binary heaps over arrays their callers own, one definition for each
 * element type, so that the searches' heaps share one body without an
 * indirect call in their hot loops (Algorithm M's urgent items, the
 * cheapest solutions' urgent items and kept solutions; dlx-search-m.c).
 *
 * DLX_HEAP_DEFINE(NAME, TYPE, BEFORE) defines, for BEFORE(const TYPE *a,
 * const TYPE *b) true when a goes nearer the top than b:
 * - NAME_up(TYPE *h, size_t at): h[at] up to its place among h[0 .. at];
 * - NAME_down(TYPE *h, size_t n, TYPE e): e into the place h[0] left,
 *   in a heap of n elements (h[0]'s old value is dropped);
 * - NAME_pop(TYPE *h, size_t *n): drops h[0].
 * Each O(log n).
 */
#ifndef DLX_HEAP_H
#define DLX_HEAP_H

#include <stddef.h>

#define DLX_HEAP_DEFINE(NAME, TYPE, BEFORE)                                        \
	static inline void NAME##_up(TYPE *h, size_t at)                           \
	{                                                                          \
		TYPE e = h[at];                                                    \
		while (at > 0 && BEFORE(&e, &h[(at - 1) / 2])) {                   \
			h[at] = h[(at - 1) / 2];                                   \
			at = (at - 1) / 2;                                         \
		}                                                                  \
		h[at] = e;                                                         \
	}                                                                          \
	static inline void NAME##_down(TYPE *h, size_t n, TYPE e)                  \
	{                                                                          \
		size_t at = 0;                                                     \
		for (;;) {                                                         \
			size_t c = 2 * at + 1;                                     \
			if (c >= n)                                                \
				break;                                             \
			if (c + 1 < n && BEFORE(&h[c + 1], &h[c]))                 \
				c++;                                               \
			if (!BEFORE(&h[c], &e))                                    \
				break;                                             \
			h[at] = h[c];                                              \
			at = c;                                                    \
		}                                                                  \
		if (n)                                                             \
			h[at] = e;                                                 \
	}                                                                          \
	static inline void NAME##_pop(TYPE *h, size_t *n)                          \
	{                                                                          \
		TYPE e = h[--*n];                                                  \
		NAME##_down(h, *n, e);                                             \
	}

#endif
