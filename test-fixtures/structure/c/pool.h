#ifndef POOL_H
#define POOL_H

#include <stddef.h>

#define GFP_KERNEL 0x01
#define GFP_ATOMIC 0x02
#define __GFP_NOWARN 0x04

struct pool {
	void *items;
	void *spare;
	size_t count;
	size_t size;
};

void *kmalloc_array(size_t n, size_t size, int flags);
void kfree(const void *ptr);
struct pool *pool_create(size_t count, size_t size);
void pool_destroy(struct pool *p);
int pool_resize(struct pool *p, size_t count);

#endif
