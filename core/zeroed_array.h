#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace hex {

// A fixed-size array of a trivially copyable T (an aggregate such as a table entry) whose empty
// value is all zero bytes: the search's tables. Memory comes from calloc, which takes a large block
// zeroed from the system without writing it, so making or clearing even a table of gigabytes costs
// nothing up front: its pages are zeroed as the search first touches them, inside the search's
// clock and interruptible. A std::vector writes every element first: on this project's machines 64
// MB took 0.25 s before the first search of a session began (4 GB 17 s), out of the move's time and
// deaf to a stop.
template <typename T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T>);
    static_assert(std::is_trivially_destructible_v<T>);

public:
    ZeroedArray() = default;
    // `size` elements, every byte zero; throws std::bad_alloc.
    explicit ZeroedArray(std::size_t size) : block_(allocate(size)), size_(size) {
        if (!block_)
            throw std::bad_alloc();
        elements_ = aligned(block_.get());
    }
    // A moved-from array is empty.
    ZeroedArray(ZeroedArray&& other) noexcept
        : block_(std::move(other.block_)), elements_(std::exchange(other.elements_, nullptr)),
          size_(std::exchange(other.size_, 0)) {}
    ZeroedArray& operator=(ZeroedArray&& other) noexcept {
        block_ = std::move(other.block_);
        elements_ = std::exchange(other.elements_, nullptr);
        size_ = std::exchange(other.size_, 0);
        return *this;
    }

    std::size_t size() const noexcept { return size_; }
    T& operator[](std::size_t i) noexcept { return elements_[i]; }
    const T& operator[](std::size_t i) const noexcept { return elements_[i]; }
    T* begin() noexcept { return elements_; }
    T* end() noexcept { return elements_ + size_; }
    const T* begin() const noexcept { return elements_; }
    const T* end() const noexcept { return elements_ + size_; }

    // Every byte back to zero: a fresh block, as cheap as the first; where the system has no
    // second block to give, the old one is written over.
    void clear() noexcept {
        if (Block fresh = allocate(size_)) {
            block_ = std::move(fresh);
            elements_ = aligned(block_.get());
        } else if (size_ > 0) {
            std::memset(static_cast<void*>(elements_), 0, size_ * sizeof(T));
        }
    }

private:
    struct Free {
        void operator()(void* p) const noexcept { std::free(p); }
    };
    using Block = std::unique_ptr<void, Free>;

    // calloc aligns to max_align_t only: over-aligned elements (cache-line buckets) get the
    // slack to start at their alignment.
    static constexpr std::size_t kSlack = alignof(T) > alignof(std::max_align_t) ? alignof(T) : 0;

    static Block allocate(std::size_t size) noexcept {
        if (size > (SIZE_MAX - kSlack) / sizeof(T))
            return nullptr;
        return Block(std::calloc(1, std::max<std::size_t>(1, size * sizeof(T) + kSlack)));
    }
    static T* aligned(void* block) noexcept {
        const auto address = reinterpret_cast<std::uintptr_t>(block);
        const std::uintptr_t mask = alignof(T) - 1;
        return reinterpret_cast<T*>((address + mask) & ~mask);
    }

    Block block_;
    T* elements_ = nullptr;
    std::size_t size_ = 0;
};

} // namespace hex
