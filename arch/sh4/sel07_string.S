/*
 * memset and memcpy for the selinux07 models as Linux 2.6.22 built them
 * (include/sel07_string.h): out-of-line routines of the shape of
 * arch/sh/lib/memset.S and memcpy-sh4.S, named apart from the kernel's
 * own.  Both work from the end of the buffer down, with pre-decrement
 * stores, as those do.
 */
	.text

/* void *sel07_memset(void *s, int c, size_t n): r4, r5, r6; returns s.
 * Short fills byte by byte; longer ones align the end to a word, then
 * store two words an iteration, then the odd bytes. */
	.balign	4
	.global	sel07_memset
	.type	sel07_memset, @function
sel07_memset:
	tst	r6, r6
	bt/s	.Lms_done
	 add	r6, r4		! r4: the end; it moves down to s
	mov	#12, r0
	cmp/gt	r6, r0
	bt/s	.Lms_bytes	! fewer than 12: no word stores
	 mov	r4, r0
	and	#3, r0		! bytes past the end's word boundary
	cmp/eq	#0, r0
	bt/s	.Lms_fill
	 sub	r0, r6
.Lms_head:
	dt	r0
	bf/s	.Lms_head
	 mov.b	r5, @-r4
.Lms_fill:
	extu.b	r5, r5		! c in each of the four bytes
	swap.b	r5, r0
	or	r0, r5
	swap.w	r5, r0
	or	r0, r5
	mov	r6, r0
	shlr2	r0
	shlr	r0		! 8-byte blocks (at least one)
.Lms_pairs:
	dt	r0
	mov.l	r5, @-r4
	bf/s	.Lms_pairs
	 mov.l	r5, @-r4
	mov	#7, r0
	and	r0, r6
	tst	r6, r6
	bt	.Lms_done
.Lms_bytes:
	dt	r6
	bf/s	.Lms_bytes
	 mov.b	r5, @-r4
.Lms_done:
	rts
	 mov	r4, r0
	.size	sel07_memset, . - sel07_memset

/* void *sel07_memcpy(void *dst, const void *src, size_t n): r4, r5, r6;
 * returns dst.  r0 walks dst down from its end, r5 holds src - dst, so
 * that @(r0, r5) is the source of each store.  All three word-aligned:
 * one odd word, then two words an iteration (memcpy-sh4.S's .Lcase00);
 * anything else byte by byte (memcpy-sh4.S realigns and shifts words
 * there: the models copy aligned structures only). */
	.balign	4
	.global	sel07_memcpy
	.type	sel07_memcpy, @function
sel07_memcpy:
	mov	r6, r0
	or	r4, r0
	or	r5, r0
	tst	r6, r6
	bt/s	.Lmc_done
	 tst	#3, r0		! T: all three aligned
	mov	r4, r0
	add	r6, r0
	bt/s	.Lmc_words
	 sub	r4, r5
	add	#-1, r5
.Lmc_bytes:
	mov.b	@(r0, r5), r1
	dt	r6
	bf/s	.Lmc_bytes
	 mov.b	r1, @-r0
	rts
	 mov	r4, r0
.Lmc_words:
	add	#-4, r5
	shlr2	r6
	shlr	r6		! r6: pairs; T: an odd word
	bf/s	.Lmc_even
	 mov	r5, r3
	mov.l	@(r0, r5), r1
	mov.l	r1, @-r0
.Lmc_even:
	tst	r6, r6
	bt/s	.Lmc_done
	 add	#-4, r3
.Lmc_pairs:
	mov.l	@(r0, r5), r1
	mov.l	@(r0, r3), r2
	dt	r6
	mov.l	r1, @-r0
	bf/s	.Lmc_pairs
	 mov.l	r2, @-r0
.Lmc_done:
	rts
	 mov	r4, r0
	.size	sel07_memcpy, . - sel07_memcpy
