"""The policy-and-value network (docs/network.md, "Architecture").

Every convolution is a hex convolution: a 3x3 kernel whose taps (dx, dy) = (-1, -1) and
(+1, +1) are multiplied by zero in every forward pass, so they neither act nor receive a
gradient, whatever the optimiser does to the stored numbers. A batch holds positions of one
canonical board size (the trainer groups samples by size).
"""

import numpy as np
import torch
from torch import nn
import torch.nn.functional as F

# Torch's kernel index is [dy + 1][dx + 1]; the seven live taps in the weights file's order.
LIVE_TAPS = (1, 2, 3, 4, 5, 6, 7)  # flattened row-major 3x3 without 0 = (-1,-1) and 8 = (1,1)
HEX_MASK = torch.tensor([[0.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 0.0]])
INPUT_PLANES = 4


class HexConv(nn.Conv2d):
    """3x3 convolution restricted to the cell and its six hex neighbours."""

    def __init__(self, in_channels, out_channels):
        super().__init__(in_channels, out_channels, kernel_size=3, padding=1, bias=True)
        self.register_buffer("mask", HEX_MASK.clone(), persistent=False)
        with torch.no_grad():
            self.weight.mul_(self.mask)

    def masked_weight(self):
        return self.weight * self.mask

    def forward(self, x):
        return F.conv2d(x, self.masked_weight(), self.bias, padding=1)


class ConvNorm(nn.Module):
    """A hex conv, optionally followed by batch normalisation (folded away at export)."""

    def __init__(self, in_channels, out_channels, batch_norm):
        super().__init__()
        self.conv = HexConv(in_channels, out_channels)
        self.norm = nn.BatchNorm2d(out_channels) if batch_norm else None

    def forward(self, x):
        x = self.conv(x)
        return self.norm(x) if self.norm is not None else x

    def folded(self):
        """(weight [out, in, 3, 3], bias [out]) of the one convolution that equals this one in
        evaluation mode: the batch norm's running statistics folded into the conv."""
        weight = self.conv.masked_weight().detach()
        bias = self.conv.bias.detach()
        if self.norm is None:
            return weight.clone(), bias.clone()
        n = self.norm
        scale = n.weight.detach() / torch.sqrt(n.running_var + n.eps)
        return (weight * scale.view(-1, 1, 1, 1),
                (bias - n.running_mean) * scale + n.bias.detach())

    def load_folded(self, weight, bias):
        """Sets this layer to compute the plain convolution (weight, bias) in eval mode."""
        with torch.no_grad():
            self.conv.weight.copy_(weight)
            self.conv.bias.copy_(bias)
            if self.norm is not None:
                self.norm.reset_running_stats()  # mean 0, variance 1
                self.norm.weight.fill_(1.0)
                self.norm.weight.mul_(torch.sqrt(torch.tensor(1.0 + self.norm.eps)))
                self.norm.bias.zero_()


class ResidualBlock(nn.Module):
    def __init__(self, channels, batch_norm):
        super().__init__()
        self.conv1 = ConvNorm(channels, channels, batch_norm)
        self.conv2 = ConvNorm(channels, channels, batch_norm)

    def forward(self, x):
        return F.relu(x + self.conv2(F.relu(self.conv1(x))))


class HexNet(nn.Module):
    def __init__(self, channels=32, blocks=3, value_width=32, batch_norm=False):
        super().__init__()
        if not (1 <= channels <= 256 and 0 <= blocks <= 64 and 1 <= value_width <= 256):
            raise ValueError(f"C={channels} B={blocks} V={value_width} outside the weights "
                             "format's limits (C, V in 1..256, B in 0..64)")
        self.channels, self.blocks, self.value_width = channels, blocks, value_width
        self.batch_norm = batch_norm
        self.stem = ConvNorm(INPUT_PLANES, channels, batch_norm)
        self.trunk = nn.ModuleList(ResidualBlock(channels, batch_norm) for _ in range(blocks))
        self.policy = nn.Conv2d(channels, 1, kernel_size=1)
        self.value_conv = nn.Conv2d(channels, value_width, kernel_size=1)
        self.value_fc1 = nn.Linear(value_width, value_width)
        self.value_fc2 = nn.Linear(value_width, 1)

    def forward(self, planes, empty):
        """planes [N, 4, H+2, W+2] of one canonical size; empty bool [N, H*W].

        Returns the policy logits [N, H*W] over the canonical board cells (occupied cells
        -inf) and the value [N] for the side to move, in (-1, 1)."""
        x = F.relu(self.stem(planes))
        for block in self.trunk:
            x = block(x)
        board = (slice(None), slice(None), slice(1, -1), slice(1, -1))  # not the ring
        logits = self.policy(x)[board].flatten(1)
        logits = logits.masked_fill(~empty, float("-inf"))
        v = F.relu(self.value_conv(x))[board].mean(dim=(2, 3))
        v = F.relu(self.value_fc1(v))
        value = torch.tanh(self.value_fc2(v)).squeeze(1)
        return logits, value

    def conv_layers(self):
        """Every ConvNorm in the weights file's order."""
        layers = [self.stem]
        for block in self.trunk:
            layers += [block.conv1, block.conv2]
        return layers


def batch_tensors(canonicals, dtype=torch.float32):
    """Stacks encode() results of one canonical size into the model's inputs."""
    planes = torch.from_numpy(np.stack([c.planes for c in canonicals]))
    empty = torch.from_numpy(np.stack([c.empty for c in canonicals]))
    return planes.to(dtype), empty
