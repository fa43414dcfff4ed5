"""The training loop behind train.py: loss, epochs, checkpoints, export.

Deterministic for a given seed and thread count: the weights start from torch's generator
seeded with the seed, and each epoch's batch order and rotations come from numpy's generator
seeded with (seed, epoch), so a run resumed from a checkpoint ends exactly where an
uninterrupted one does.
"""

import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

from . import golden, weights
from .data import batches
from .model import HexNet

CHECKPOINT = "checkpoint.pt"


def loss_terms(model, batch):
    """(policy cross-entropy, value mean squared error, samples with a value target) of one
    batch; the error is the mean over those samples (0 when there are none)."""
    logits, value = model(batch.planes, batch.empty)
    log_policy = F.log_softmax(logits, dim=1).masked_fill(~batch.empty, 0.0)
    policy_loss = -(batch.policy * log_policy).sum(dim=1).mean()
    valued = batch.value_weight.sum()
    if bool((batch.value_weight == 1.0).all()):
        value_loss = F.mse_loss(value, batch.value)  # as before the weights: the same numbers
    else:
        value_loss = ((batch.value_weight * (value - batch.value) ** 2).sum() /
                      valued.clamp(min=1.0))
    return policy_loss, value_loss, valued.item()


def _accumulate(totals, counts, batch, policy_loss, value_loss, valued):
    """Adds a batch's losses, weighted by the samples each was taken over."""
    n = len(batch.value)
    totals += np.array([n * policy_loss, valued * value_loss])
    counts += np.array([n, valued])


def make_optimiser(model, config):
    # weight_decay is the small L2 term of the loss.
    return torch.optim.Adam(model.parameters(), lr=config["lr"],
                            weight_decay=config["weight_decay"])


def train_epoch(model, optimiser, samples, config, epoch):
    model.train()
    rng = np.random.default_rng([config["seed"], epoch])
    totals, counts = np.zeros(2), np.zeros(2)
    for batch in batches(samples, config["batch"], rng, augment=config["augment"]):
        policy_loss, value_loss, valued = loss_terms(model, batch)
        optimiser.zero_grad()
        (policy_loss + value_loss).backward()
        optimiser.step()
        _accumulate(totals, counts, batch, policy_loss.item(), value_loss.item(), valued)
    return totals / np.maximum(counts, 1)


def held_out_losses(model, samples, config):
    """(policy, value) losses on samples the training never sees, without augmentation: what
    the net has learned beyond its own data (the value head's, above all)."""
    model.eval()
    rng = np.random.default_rng(config["seed"])
    totals, counts = np.zeros(2), np.zeros(2)
    with torch.no_grad():
        for batch in batches(samples, config["batch"], rng, augment=False):
            policy_loss, value_loss, valued = loss_terms(model, batch)
            _accumulate(totals, counts, batch, policy_loss.item(), value_loss.item(), valued)
    return totals / np.maximum(counts, 1)


def initial_model(config):
    """A fresh model (seeded), or the weights of config['init'] (.ohnn or a checkpoint)."""
    torch.manual_seed(config["seed"])
    init = config.get("init")
    shape = (config["channels"], config["blocks"], config["value_width"])
    if not init:
        return HexNet(*shape, batch_norm=config["batch_norm"])
    if init.endswith(".ohnn"):
        model, _ = weights.read(init, batch_norm=config["batch_norm"])
    else:
        saved = torch.load(init)
        c = saved["config"]
        model = HexNet(c["channels"], c["blocks"], c["value_width"], batch_norm=c["batch_norm"])
        model.load_state_dict(saved["model"])
    if (model.channels, model.blocks, model.value_width) != shape:
        raise ValueError(f"--init {init} has C={model.channels} B={model.blocks} "
                         f"V={model.value_width}; this run asks for C, B, V = {shape}")
    if model.batch_norm != config["batch_norm"]:
        raise ValueError(f"--init {init}: batch norm {model.batch_norm}, this run "
                         f"{config['batch_norm']}")
    return model


# Settings a resumed run may change: more epochs, more threads, golden or not.
FREE_TO_CHANGE = ("epochs", "threads", "golden", "validation")


def resume_or_start(out, config):
    """(model, optimiser, epochs done, history) from out/checkpoint.pt, or a fresh start."""
    path = os.path.join(out, CHECKPOINT)
    if not os.path.exists(path):
        model = initial_model(config)
        return model, make_optimiser(model, config), 0, []
    saved = torch.load(path)
    # Both ways: a setting the checkpoint has and this run lacks is a change too.
    for key in sorted(set(config) | set(saved["config"])):
        there, here = saved["config"].get(key), config.get(key)
        if key not in FREE_TO_CHANGE and there != here:
            raise ValueError(f"{out} holds a checkpoint of another run ({key}: there "
                             f"{there!r}, here {here!r}); give another "
                             "--out, or that run's arguments to resume it")
    model = HexNet(config["channels"], config["blocks"], config["value_width"],
                   batch_norm=config["batch_norm"])
    model.load_state_dict(saved["model"])
    optimiser = make_optimiser(model, config)
    optimiser.load_state_dict(saved["optimiser"])
    return model, optimiser, saved["epoch"], saved["history"]


def save_checkpoint(out, model, optimiser, config, epoch, history):
    path = os.path.join(out, CHECKPOINT)
    torch.save({"model": model.state_dict(), "optimiser": optimiser.state_dict(),
                "config": config, "epoch": epoch, "history": history}, path + ".tmp")
    os.replace(path + ".tmp", path)


def run(out, config, samples, games, description, validation=()):
    """Trains to config['epochs'], checkpointing after each epoch, then exports out/net.ohnn
    (and out/net.golden with config['golden']) and writes out/train.json. With validation
    samples, each epoch's history also holds the losses on them. Returns the summary dict
    written there."""
    os.makedirs(out, exist_ok=True)
    torch.set_num_threads(config["threads"])
    # Subnormal floats as zero: a trained net's tiny weights and activations make them, and the
    # CPU computes them slowly (a training step took two to three times as long; the engine's
    # forward pass does the same, docs/network.md, "Subnormal numbers").
    torch.set_flush_denormal(True)
    model, optimiser, done, history = resume_or_start(out, config)
    if done:
        print(f"resuming {out} after epoch {done}", file=sys.stderr)
    for epoch in range(done, config["epochs"]):
        cpu, wall = time.process_time(), time.time()
        policy_loss, value_loss = train_epoch(model, optimiser, samples, config, epoch)
        entry = {"epoch": epoch + 1, "policy_loss": policy_loss, "value_loss": value_loss}
        report = f"policy {policy_loss:.4f} value {value_loss:.4f}"
        if validation:
            held_policy, held_value = held_out_losses(model, validation, config)
            entry.update(validation_policy_loss=held_policy, validation_value_loss=held_value)
            report += f"; held out: policy {held_policy:.4f} value {held_value:.4f}"
        entry.update(cpu_seconds=time.process_time() - cpu, wall_seconds=time.time() - wall)
        history.append(entry)
        print(f"epoch {epoch + 1}/{config['epochs']}: {report}", file=sys.stderr)
        save_checkpoint(out, model, optimiser, config, epoch + 1, history)
    model.eval()
    net = os.path.join(out, "net.ohnn")
    weights.export(model, net, description)
    if config["golden"]:
        exported, _ = weights.read(net)
        golden.write(exported, golden.standard_positions(), os.path.join(out, "net.golden"),
                     header=description)
    summary = {"description": description, "samples": len(samples), "games": games,
               "config": config, "history": history,
               "cpu_seconds": sum(h["cpu_seconds"] for h in history)}
    with open(os.path.join(out, "train.json.tmp"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
    os.replace(os.path.join(out, "train.json.tmp"), os.path.join(out, "train.json"))
    return summary
