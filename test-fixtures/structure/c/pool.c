#include <stdlib.h>
#include <string.h>
#include "pool.h"

struct pool *pool_create(size_t count, size_t size)
{
	struct pool *p = malloc(sizeof(*p));
	if (!p)
		return NULL;
	p->items = kmalloc_array(count, size, GFP_KERNEL);
	p->spare = kmalloc_array(count, sizeof(void *), GFP_ATOMIC | __GFP_NOWARN);
	if (!p->items) {
		free(p);
		return NULL;
	}
	memset(p->items, 0, count * size);
	p->count = count;
	return p;
}

void pool_destroy(struct pool *p)
{
	if (p == NULL)
		return;
	kfree(p->items);
	kfree(p->spare);
	free(p);
}

int pool_resize(struct pool *p, size_t count)
{
	void *items = kmalloc_array(count, p->size, GFP_KERNEL);
	if (items == NULL)
		return -ENOMEM;
	memcpy(items, p->items, p->count * p->size);
	kfree(p->items);
	p->items = items;
	p->count = count;
	return 0;
}
