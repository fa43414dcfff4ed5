"""OhmHex's learned evaluator, Python side: encoding, model, weights file, data, training.

docs/network.md is the contract with the C++ evaluator (eval/network/); every module here
names the section it implements.
"""
