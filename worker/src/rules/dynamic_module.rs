//! The Wasm module of one rule: its QuickJS bytecode and a `_start` that hands it to the plugin,
//! dynamically linked against the plugin's `cabi_realloc`, `invoke` and `memory` (imported from
//! [`IMPORT_NAMESPACE`]). The same module javy-codegen's dynamic linking writes, built directly
//! so that compiling a rule needs no second compilation of the plugin: the bytecode comes from
//! the runtime's own, already compiled, plugin (`RuleRuntime::bytecode`).
//!
//! ```text
//! _start: ptr = cabi_realloc(0, 0, 1, len); memory.init(data 0 → ptr); invoke(ptr, len, none, 0, 0)
//! ```

use wasm_encoder::{
    CodeSection, DataCountSection, DataSection, EntityType, ExportKind, ExportSection, Function,
    FunctionSection, ImportSection, Instruction, MemoryType, Module, TypeSection, ValType,
};

use super::plugin::IMPORT_NAMESPACE;

const CABI_REALLOC: u32 = 0;
const INVOKE: u32 = 1;
const START: u32 = 2;

/// The module running `bytecode` (a QuickJS module compiled by the plugin's `compile-src`).
pub(crate) fn dynamic_module(bytecode: &[u8]) -> Vec<u8> {
    // Bytecode is bounded by the rule's source size, far below 2 GiB.
    let len = i32::try_from(bytecode.len()).expect("rule bytecode under 2 GiB");
    let mut types = TypeSection::new();
    types.ty().function([ValType::I32; 4], [ValType::I32]); // cabi_realloc
    types.ty().function([ValType::I32; 5], []); // invoke
    types.ty().function([], []); // _start

    let mut imports = ImportSection::new();
    imports.import(IMPORT_NAMESPACE, "cabi_realloc", EntityType::Function(0));
    imports.import(IMPORT_NAMESPACE, "invoke", EntityType::Function(1));
    imports.import(
        IMPORT_NAMESPACE,
        "memory",
        EntityType::Memory(MemoryType {
            minimum: 0,
            maximum: None,
            memory64: false,
            shared: false,
            page_size_log2: None,
        }),
    );

    let mut functions = FunctionSection::new();
    functions.function(2);

    let mut exports = ExportSection::new();
    exports.export("_start", ExportKind::Func, START);

    let mut start = Function::new([(1, ValType::I32)]);
    let bytecode_ptr = 0;
    for instruction in [
        // Room for the bytecode in the plugin's memory…
        Instruction::I32Const(0),
        Instruction::I32Const(0),
        Instruction::I32Const(1),
        Instruction::I32Const(len),
        Instruction::Call(CABI_REALLOC),
        Instruction::LocalTee(bytecode_ptr),
        // …filled from the passive data segment…
        Instruction::I32Const(0),
        Instruction::I32Const(len),
        Instruction::MemoryInit {
            mem: 0,
            data_index: 0,
        },
        // …and evaluated as the top-level module (no function name).
        Instruction::LocalGet(bytecode_ptr),
        Instruction::I32Const(len),
        Instruction::I32Const(0),
        Instruction::I32Const(0),
        Instruction::I32Const(0),
        Instruction::Call(INVOKE),
        Instruction::End,
    ] {
        start.instruction(&instruction);
    }
    let mut code = CodeSection::new();
    code.function(&start);

    let mut data = DataSection::new();
    data.passive(bytecode.iter().copied());

    let mut module = Module::new();
    module
        .section(&types)
        .section(&imports)
        .section(&functions)
        .section(&exports)
        .section(&DataCountSection { count: 1 })
        .section(&code)
        .section(&data);
    module.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_is_valid_and_links_against_the_plugin_namespace() {
        let wasm = dynamic_module(b"not really bytecode");
        let engine = wasmtime::Engine::default();
        let module = wasmtime::Module::new(&engine, &wasm).expect("a valid module");
        let imports: Vec<(String, String)> = module
            .imports()
            .map(|i| (i.module().to_owned(), i.name().to_owned()))
            .collect();
        assert_eq!(
            imports,
            ["cabi_realloc", "invoke", "memory"]
                .map(|n| (IMPORT_NAMESPACE.to_owned(), n.to_owned()))
        );
        assert!(module.get_export("_start").is_some());
    }
}
