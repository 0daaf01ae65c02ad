/**
 * @file dlx-export.h
 * @brief DLX_API, the mark of the functions the shared libraries export.
 *
 * The libraries are compiled with hidden visibility, so that only the
 * functions their public headers declare with #DLX_API are part of the ABI;
 * their internals (the dlx__ functions the tests use) stay inside.
 * tests/symbols/ lists what each shared library exports.  Included by every
 * public header; users need not include it.
 */
#ifndef DLX_EXPORT_H
#define DLX_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
/** Marks a public function: exported from the shared library. */
#define DLX_API __attribute__((visibility("default")))
#else
#define DLX_API
#endif

#endif /* DLX_EXPORT_H */
